<?php
/**
 * The block "Customer story" (redcliffe/case-study): block/block.json describes it, the server
 * renders it (the editor's preview asks the same callback through the REST API).
 *
 * @package Redcliffe_Case_Study
 */

defined( 'ABSPATH' ) || exit;

/** The block's attribute for each key a block may set (camelCase in block.json). */
function redcliffe_case_study_block_attribute_keys() {
	$keys = array();
	foreach ( array_keys( redcliffe_case_study_override_labels() ) as $key ) {
		$keys[ $key ] = lcfirst( str_replace( ' ', '', ucwords( str_replace( '_', ' ', $key ) ) ) );
	}
	return $keys;
}

/**
 * Renders one block.
 *
 * @param array $attributes The block's attributes.
 * @return string
 */
function redcliffe_case_study_render_block( $attributes ) {
	$overrides = array();
	foreach ( redcliffe_case_study_block_attribute_keys() as $key => $attribute ) {
		$overrides[ $key ] = isset( $attributes[ $attribute ] ) ? $attributes[ $attribute ] : '';
	}
	return sprintf( '<div %s>%s</div>', get_block_wrapper_attributes(), redcliffe_case_study_render( $overrides, redcliffe_case_study_block_attribute_keys() ) );
}

/** Registers the block from its block.json. */
function redcliffe_case_study_register_block() {
	register_block_type(
		dirname( REDCLIFFE_CASE_STUDY_FILE ) . '/block',
		array( 'render_callback' => 'redcliffe_case_study_render_block' )
	);
}
add_action( 'init', 'redcliffe_case_study_register_block' );
