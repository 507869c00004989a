<?php
/**
 * What block/editor.js needs loaded first (the `wp.*` globals it uses), and its version.
 *
 * @package Redcliffe_Case_Study
 */

return array(
	'dependencies' => array( 'wp-blocks', 'wp-element', 'wp-block-editor', 'wp-components', 'wp-server-side-render', 'wp-i18n' ),
	'version'      => '%VERSION%',
);
