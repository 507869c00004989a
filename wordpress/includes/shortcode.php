<?php
/**
 * The shortcode [redcliffe_case_study] for the Classic editor and page builders: the block's
 * options as attributes (lead_server, hubspot_portal, hubspot_form, privacy_url, contact_url,
 * no_analytics, story_url, testimonial_name, testimonial_title, testimonial_url, testimonial_photo);
 * no_analytics="1" turns counting off for its page. An attribute it does not know (a typo, or
 * `endpoint`, which the lead server address sets) is named in a notice for editors.
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
	$atts     = is_array( $atts ) ? $atts : array();
	$keys     = array_keys( redcliffe_case_study_override_labels() );
	$problems = array();
	foreach ( array_diff( array_keys( $atts ), $keys ) as $unknown ) {
		$problems[] = sprintf(
			/* translators: 1: what the shortcode was given, 2: the shortcode's options. */
			__( '[redcliffe_case_study] has no option “%1$s”. Its options: %2$s.', 'redcliffe-case-study' ),
			// An attribute without a value (`[redcliffe_case_study foo]`) arrives under a number.
			is_int( $unknown ) ? $atts[ $unknown ] : $unknown,
			implode( ', ', $keys )
		);
	}
	$atts = shortcode_atts( array_fill_keys( $keys, '' ), $atts, 'redcliffe_case_study' );
	return '<div class="redcliffe-case-study-embed">' . redcliffe_case_study_render( $atts, array(), $problems ) . '</div>';
}
add_shortcode( 'redcliffe_case_study', 'redcliffe_case_study_shortcode' );
