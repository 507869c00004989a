<?php
/**
 * The shortcode [redcliffe_case_study] for the Classic editor and page builders: the block's
 * options as attributes (lead_server, hubspot_portal, hubspot_form, privacy_url, contact_url,
 * no_analytics, testimonial_name, testimonial_title, testimonial_url, testimonial_photo);
 * no_analytics="1" turns counting off for its page.
 *
 * @package Redcliffe_Case_Study
 */

defined( 'ABSPATH' ) || exit;

/**
 * Renders the shortcode.
 *
 * @param array|string $atts The shortcode's attributes ('' when it has none).
 * @return string
 */
function redcliffe_case_study_shortcode( $atts ) {
	$keys = array_keys( array_merge( redcliffe_case_study_setting_labels(), redcliffe_case_study_testimonial_labels() ) );
	$atts = shortcode_atts( array_fill_keys( $keys, '' ), is_array( $atts ) ? $atts : array(), 'redcliffe_case_study' );
	return '<div class="redcliffe-case-study-embed">' . redcliffe_case_study_render( $atts ) . '</div>';
}
add_shortcode( 'redcliffe_case_study', 'redcliffe_case_study_shortcode' );
