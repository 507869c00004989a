<?php
/**
 * Deleting the plugin (Plugins → Delete) removes its one option, the site's settings, and its mark
 * on the stories administrators uploaded. Posts that hold the block or the shortcode keep them;
 * without the plugin they render nothing. The story files stay in the media library.
 *
 * @package Redcliffe_Case_Study
 */

defined( 'WP_UNINSTALL_PLUGIN' ) || exit;

// The option's name and the checks live in one file, which registers no hooks.
require_once __DIR__ . '/includes/options.php';

delete_option( REDCLIFFE_CASE_STUDY_OPTION );
delete_post_meta_by_key( REDCLIFFE_CASE_STUDY_STORY_META );
