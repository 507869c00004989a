<?php
/**
 * The story's HTML for one block or shortcode: the site's settings, overridden by what that block
 * or shortcode sets, every value checked again here (a value saved before a check, or written to
 * the database by other code, never reaches the page unchecked) and escaped as it is printed.
 *
 * @package Redcliffe_Case_Study
 */

defined( 'ABSPATH' ) || exit;

/** The path a `redcliffe-leads serve` server answers leads at (API_PATH in server/serve/snippet.ts). */
define( 'REDCLIFFE_CASE_STUDY_API_PATH', '/api/download-case-study/' );

/**
 * What one story shows: the element's attributes, and the problems to tell an editor of.
 *
 * @param array<string, mixed>  $overrides Keys of the settings and the testimonial, from a block or a shortcode.
 * @param array<string, string> $names     How the block or shortcode names each key (its notices use these).
 * @return array{attributes: array<string, string>, destination: bool, story_url: string, problems: string[]}
 */
function redcliffe_case_study_resolve( $overrides, $names = array() ) {
	$site     = redcliffe_case_study_settings();
	$problems = array();
	$checked  = function ( $key, $value ) use ( &$problems ) {
		list( $clean, $problem ) = redcliffe_case_study_check( $key, $value );
		if ( '' !== $problem ) {
			$problems[] = $problem;
		}
		return $clean;
	};
	$given    = function ( $key ) use ( &$overrides ) {
		return isset( $overrides[ $key ] ) && is_scalar( $overrides[ $key ] ) ? trim( (string) $overrides[ $key ] ) : '';
	};

	$labels  = redcliffe_case_study_override_labels();
	$named   = function ( $key ) use ( $labels, $names ) {
		return sprintf( '%s (%s)', $labels[ $key ], isset( $names[ $key ] ) ? $names[ $key ] : $key );
	};
	$trusted = redcliffe_case_study_author_is_trusted();

	// Where leads go is the site's, unless an administrator wrote this post (includes/trust.php).
	if ( ! $trusted ) {
		foreach ( redcliffe_case_study_destination_keys() as $key ) {
			if ( '' !== $given( $key ) ) {
				$problems[]        = sprintf(
					/* translators: 1: a field's label and the attribute's name, 2: the value given. */
					__( '%1$s “%2$s”: only a post whose author is an administrator may choose where leads go. This story’s leads go where Settings → Customer story says.', 'redcliffe-case-study' ),
					$named( $key ),
					$given( $key )
				);
				$overrides[ $key ] = '';
			}
		}
	}

	// A block that names a destination replaces the site's whole: its own lead server or HubSpot form.
	$source = ( '' !== $given( 'lead_server' ) || '' !== $given( 'hubspot_portal' ) || '' !== $given( 'hubspot_form' ) ) ? $overrides : $site;
	$server = $checked( 'lead_server', isset( $source['lead_server'] ) ? $source['lead_server'] : '' );
	$portal = $checked( 'hubspot_portal', isset( $source['hubspot_portal'] ) ? $source['hubspot_portal'] : '' );
	$form   = $checked( 'hubspot_form', isset( $source['hubspot_form'] ) ? $source['hubspot_form'] : '' );

	// Which story: the default, or a story file's (the element's src). A story names the PDF visitors
	// get, so one from elsewhere than the media library or the lead server is an administrator's choice.
	$attributes = array();
	$story_url  = $checked( 'story_url', $given( 'story_url' ) );
	if ( '' !== $story_url && ! $trusted && ! redcliffe_case_study_story_is_vetted( $story_url, redcliffe_case_study_check( 'lead_server', $site['lead_server'] )[0] ) ) {
		$problems[] = sprintf(
			/* translators: 1: a field's label and the attribute's name, 2: the value given. */
			__( '%1$s “%2$s”: only a post whose author is an administrator may show a story from outside the media library and the lead server (a story names the PDF visitors get). An administrator can upload it; until then this shows the default story.', 'redcliffe-case-study' ),
			$named( 'story_url' ),
			$story_url
		);
		$story_url = '';
	}
	if ( '' !== $story_url ) {
		$attributes['src'] = $story_url;
	}
	if ( '' !== $portal && '' !== $form ) {
		// The element sends to HubSpot when both are set, whatever its endpoint says.
		$attributes['hubspot-portal'] = $portal;
		$attributes['hubspot-form']   = $form;
	} elseif ( '' !== $server ) {
		$attributes['endpoint'] = $server . REDCLIFFE_CASE_STUDY_API_PATH;
	}
	if ( ( '' === $portal ) !== ( '' === $form ) ) {
		$problems[] = __( 'HubSpot needs both the HubSpot portal ID and the HubSpot form GUID: set the one that is missing.', 'redcliffe-case-study' );
	}
	$destination = isset( $attributes['endpoint'] ) || isset( $attributes['hubspot-form'] );
	if ( ! $destination ) {
		// Nowhere to send a lead: the dialog still hands over the PDF (honoured by elements that know the attribute).
		$attributes['pdf-on-failure'] = '';
	}

	foreach ( array( 'privacy_url', 'contact_url' ) as $key ) {
		$value = $checked( $key, '' !== $given( $key ) ? $given( $key ) : $site[ $key ] );
		if ( '' !== $value ) {
			$attributes[ str_replace( '_', '-', $key ) ] = $value;
		}
	}
	// What a visitor may agree to (the dialog's optional checkbox) and, for HubSpot, which
	// subscription that agreement is for: the site's wording on every page.
	foreach ( redcliffe_case_study_site_only_keys() as $key ) {
		$value = $checked( $key, $site[ $key ] );
		if ( '' !== $value ) {
			$attributes[ str_replace( '_', '-', $key ) ] = $value;
		}
	}
	foreach ( array_keys( redcliffe_case_study_testimonial_labels() ) as $key ) {
		$value = $checked( $key, $given( $key ) );
		if ( '' !== $value ) {
			$attributes[ str_replace( '_', '-', $key ) ] = $value;
		}
	}
	// On when the site or this block says so: a page can turn counting off, never back on where the
	// site needs consent first.
	if ( $site['no_analytics'] || $checked( 'no_analytics', isset( $overrides['no_analytics'] ) ? $overrides['no_analytics'] : false ) ) {
		$attributes['no-analytics'] = '';
	} elseif ( isset( $attributes['endpoint'] ) && ! redcliffe_case_study_is_editor_view() ) {
		// The endpoint is a `redcliffe-leads serve`, which counts views and form opens for its /admin:
		// the element sends them only when asked. An editor's preview is not a visitor's view.
		$attributes['count-views'] = '';
	}
	return array(
		'attributes'  => $attributes,
		'destination' => $destination,
		'story_url'   => $story_url,
		'problems'    => $problems,
	);
}

/**
 * Whether the story is rendered for someone writing it, not for a visitor: the block's preview in
 * the editor (the REST API's block renderer) or a post's preview.
 *
 * @return bool
 */
function redcliffe_case_study_is_editor_view() {
	global $wp;
	$route = isset( $wp->query_vars['rest_route'] ) && is_string( $wp->query_vars['rest_route'] ) ? $wp->query_vars['rest_route'] : '';
	return is_preview() || 0 === strpos( $route, '/wp/v2/block-renderer/' );
}

/**
 * A notice on the page, for whoever can fix what it says; visitors never see it.
 *
 * @param string $message Plain text (escaped here).
 * @param string $link    Where to fix it ('' for no link).
 * @return string
 */
function redcliffe_case_study_notice( $message, $link ) {
	$fix = '' === $link ? '' : sprintf( ' <a href="%s">%s</a>', esc_url( $link ), esc_html__( 'Settings → Customer story', 'redcliffe-case-study' ) );
	return sprintf(
		'<div class="redcliffe-case-study-notice" role="note" style="margin:0 0 1em;padding:.75em 1em;border-left:4px solid #d63638;background:#fcf0f1;color:#1e1e1e">%s%s</div>' . "\n",
		esc_html( $message ),
		$fix
	);
}

/**
 * The story's HTML.
 *
 * @param array<string, mixed>  $overrides What the block or shortcode sets (keys of the settings and the testimonial).
 * @param array<string, string> $names     How the block or shortcode names each key.
 * @param string[]              $problems  What the block or shortcode could not use, for its notices.
 * @return string
 */
function redcliffe_case_study_render( $overrides, $names = array(), $problems = array() ) {
	$story             = redcliffe_case_study_resolve( $overrides, $names );
	$story['problems'] = array_merge( $problems, $story['problems'] );
	redcliffe_case_study_need_scripts();
	$settings_url = admin_url( 'options-general.php?page=redcliffe-case-study' );
	$html         = '';
	if ( ! $story['destination'] && current_user_can( 'manage_options' ) ) {
		$html .= redcliffe_case_study_notice( __( 'Customer story: no lead destination is set, so visitors’ details go nowhere (they still get the PDF). Set a lead server address or a HubSpot form in', 'redcliffe-case-study' ), $settings_url );
	}
	if ( $story['problems'] && current_user_can( 'edit_posts' ) ) {
		foreach ( array_unique( $story['problems'] ) as $problem ) {
			$html .= redcliffe_case_study_notice( __( 'Customer story, not used:', 'redcliffe-case-study' ) . ' ' . $problem, current_user_can( 'manage_options' ) ? $settings_url : '' );
		}
	}
	$attributes = '';
	foreach ( $story['attributes'] as $name => $value ) {
		$attributes .= '' === $value ? ' ' . esc_attr( $name ) : sprintf( ' %s="%s"', esc_attr( $name ), in_array( $name, array( 'src', 'endpoint', 'privacy-url', 'contact-url', 'testimonial-url', 'testimonial-photo' ), true ) ? esc_url( $value, array( 'http', 'https', 'mailto', 'tel' ) ) : esc_attr( $value ) );
	}
	list( $pdf, $words ) = redcliffe_case_study_story_pdf( $story['story_url'] );
	$link                = '' === $pdf ? '' : sprintf( '<a href="%s">%s</a>', esc_url( $pdf ), esc_html( $words ) );
	// The link inside shows until the element's script runs (and wherever it cannot).
	$html .= sprintf( '<redcliffe-case-study%s>%s</redcliffe-case-study>', $attributes, $link );
	if ( ! $story['destination'] && '' !== $link ) {
		$html .= sprintf( "\n" . '<p class="redcliffe-case-study-pdf">%s</p>', $link );
	}
	return $html;
}
