<?php
/**
 * Plugin Name:       Redcliffe Labs Customer Story
 * Plugin URI:        https://github.com/redcliffe-case-study/redcliffe-case-study
 * Description:       The Redcliffe Labs × WhatsApp Calling customer story, or any story file you upload, as a block ("Customer story") and the shortcode [redcliffe_case_study], with its gated one-page PDF. Set where leads go once, in Settings → Customer story.
 * Version:           %VERSION%
 * Requires at least: 6.1
 * Requires PHP:      7.4
 * Author:            Redcliffe case study contributors
 * License:           MIT
 * License URI:       https://opensource.org/licenses/MIT
 * Text Domain:       redcliffe-case-study
 *
 * @package Redcliffe_Case_Study
 */

defined( 'ABSPATH' ) || exit;

/** The package version this plugin carries: the element's files are served under assets/<version>/. */
define( 'REDCLIFFE_CASE_STUDY_VERSION', '%VERSION%' );
define( 'REDCLIFFE_CASE_STUDY_FILE', __FILE__ );

require_once __DIR__ . '/includes/options.php';
require_once __DIR__ . '/includes/trust.php';
require_once __DIR__ . '/includes/assets.php';
require_once __DIR__ . '/includes/story.php';
require_once __DIR__ . '/includes/render.php';
require_once __DIR__ . '/includes/block.php';
require_once __DIR__ . '/includes/shortcode.php';
require_once __DIR__ . '/includes/settings-page.php';

register_activation_hook( __FILE__, 'redcliffe_case_study_activate' );
