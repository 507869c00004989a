<?php
/**
 * The site's settings (one option holding eight values: seven strings and one on/off) and the checks
 * every value passes: the settings page, the block's sidebar and the shortcode's attributes all go
 * through redcliffe_case_study_check(), and the page is rendered from checked values only. This
 * file registers no hooks, so uninstall.php can load it.
 *
 * @package Redcliffe_Case_Study
 */

defined( 'ABSPATH' ) || exit;

define( 'REDCLIFFE_CASE_STUDY_OPTION', 'redcliffe_case_study' );

/** The post meta marking a story an administrator uploaded (protected: no one edits it through the REST API). */
define( 'REDCLIFFE_CASE_STUDY_STORY_META', '_redcliffe_case_study_story' );

/**
 * The site-wide settings and their labels (the settings page's field labels, and the words every
 * notice names a value by).
 *
 * @return array<string, string> Key => label.
 */
function redcliffe_case_study_setting_labels() {
	return array(
		'lead_server'               => __( 'Lead server address', 'redcliffe-case-study' ),
		'hubspot_portal'            => __( 'HubSpot portal ID', 'redcliffe-case-study' ),
		'hubspot_form'              => __( 'HubSpot form GUID', 'redcliffe-case-study' ),
		'privacy_url'               => __( 'Privacy notice URL', 'redcliffe-case-study' ),
		'contact_url'               => __( 'Contact URL', 'redcliffe-case-study' ),
		'no_analytics'              => __( 'Do not count views and form opens', 'redcliffe-case-study' ),
		'consent_text'              => __( 'Consent checkbox text', 'redcliffe-case-study' ),
		'hubspot_subscription_type' => __( 'HubSpot subscription type ID', 'redcliffe-case-study' ),
	);
}

/**
 * The settings only Settings → Customer story sets, never a block or a shortcode: what a visitor
 * agrees to is the site's legal wording, the same on every page.
 *
 * @return string[] Keys of redcliffe_case_study_setting_labels().
 */
function redcliffe_case_study_site_only_keys() {
	return array( 'consent_text', 'hubspot_subscription_type' );
}

/**
 * The settings that are on or off (a checkbox, a block's toggle): stored as booleans, off unless
 * set. Every other setting is a string.
 *
 * @return string[] Keys of redcliffe_case_study_setting_labels().
 */
function redcliffe_case_study_switch_keys() {
	return array( 'no_analytics' );
}

/**
 * The settings a block or shortcode may override only in a post whose author can manage options (an
 * administrator): they choose where the story's leads go. Anyone who can write a post can add the
 * block; an Author's override would send the site's leads elsewhere.
 *
 * @return string[] Keys of redcliffe_case_study_setting_labels().
 */
function redcliffe_case_study_destination_keys() {
	return array( 'lead_server', 'hubspot_portal', 'hubspot_form' );
}

/**
 * The quoted person's attribution, which one block or shortcode may set.
 *
 * @return array<string, string> Key => label.
 */
function redcliffe_case_study_testimonial_labels() {
	return array(
		'testimonial_name'  => __( 'Testimonial name', 'redcliffe-case-study' ),
		'testimonial_title' => __( 'Testimonial job title', 'redcliffe-case-study' ),
		'testimonial_url'   => __( 'Testimonial profile URL', 'redcliffe-case-study' ),
		'testimonial_photo' => __( 'Testimonial photo URL', 'redcliffe-case-study' ),
	);
}

/**
 * Everything one block or shortcode may set: the site's settings, which story it shows (the URL of
 * a story file; empty, the default story) and the quoted person's attribution.
 *
 * @return array<string, string> Key => label.
 */
function redcliffe_case_study_override_labels() {
	return array_merge(
		array_diff_key( redcliffe_case_study_setting_labels(), array_flip( redcliffe_case_study_site_only_keys() ) ),
		array( 'story_url' => __( 'Story file URL', 'redcliffe-case-study' ) ),
		redcliffe_case_study_testimonial_labels()
	);
}

/**
 * The saved settings, every key present ('' when unset; a switch false unless it is on).
 *
 * @return array<string, string|bool>
 */
function redcliffe_case_study_settings() {
	$saved    = get_option( REDCLIFFE_CASE_STUDY_OPTION, array() );
	$settings = array();
	foreach ( array_keys( redcliffe_case_study_setting_labels() ) as $key ) {
		$value = ( is_array( $saved ) && isset( $saved[ $key ] ) ) ? $saved[ $key ] : '';
		if ( in_array( $key, redcliffe_case_study_switch_keys(), true ) ) {
			list( $settings[ $key ] ) = redcliffe_case_study_check( $key, $value );
		} else {
			$settings[ $key ] = is_string( $value ) ? $value : '';
		}
	}
	return $settings;
}

/**
 * Activation: the option exists from the start, so the first save through the Settings API runs
 * its sanitize callback once (WordPress runs it twice when it has to add the option). With nothing
 * saved yet, redcliffe_case_study_settings() is every key's default.
 */
function redcliffe_case_study_activate() {
	add_option( REDCLIFFE_CASE_STUDY_OPTION, redcliffe_case_study_settings() );
}

/**
 * An absolute http(s) address: no user name or password, no whitespace, quotes or angle brackets
 * (an address never needs them unencoded, and they are how markup is smuggled in).
 *
 * @param string $value The address as given.
 * @return bool
 */
function redcliffe_case_study_is_http_url( $value ) {
	if ( preg_match( '/[\s"\'<>\\\\`]/', $value ) ) {
		return false;
	}
	$parts = wp_parse_url( $value );
	if ( ! is_array( $parts ) || empty( $parts['scheme'] ) || empty( $parts['host'] ) ) {
		return false;
	}
	if ( isset( $parts['user'] ) || isset( $parts['pass'] ) ) {
		return false;
	}
	return in_array( strtolower( $parts['scheme'] ), array( 'http', 'https' ), true );
}

/**
 * A path on this site (`/wp-content/uploads/…`): one slash, then none of what smuggles markup in.
 *
 * @param string $value The address as given.
 * @return bool
 */
function redcliffe_case_study_is_site_path( $value ) {
	return (bool) preg_match( '#^/(?![/\\\\])[^\s"\'<>\\\\`]*$#', $value );
}

/**
 * Checks one value by its key.
 *
 * @param string $key   A key of redcliffe_case_study_override_labels().
 * @param mixed  $value The value as given (a form field, a block attribute, a shortcode attribute).
 * @return array{0: string|bool, 1: string} The value to use ('' when empty; a switch's true or
 *                                          false) and, when it cannot be used, the words naming
 *                                          what to change ('' when it can).
 */
function redcliffe_case_study_check( $key, $value ) {
	if ( in_array( $key, redcliffe_case_study_switch_keys(), true ) ) {
		// A ticked checkbox's "1", a block's true, a shortcode's "1", "true", "yes" or "on"; anything else is off.
		$on = true === $value || ( is_scalar( $value ) && in_array( strtolower( trim( (string) $value ) ), array( '1', 'true', 'yes', 'on' ), true ) );
		return array( $on, '' );
	}
	$value  = is_scalar( $value ) ? trim( (string) $value ) : '';
	$labels = redcliffe_case_study_override_labels() + redcliffe_case_study_setting_labels();
	$label  = isset( $labels[ $key ] ) ? $labels[ $key ] : $key;
	if ( '' === $value ) {
		return array( '', '' );
	}
	/* translators: 1: a field's label, 2: the value given. */
	$not_http = __( '%1$s: “%2$s” is not an http(s) address. Enter one that starts with https:// (or http://).', 'redcliffe-case-study' );
	switch ( $key ) {
		case 'lead_server':
			if ( ! redcliffe_case_study_is_http_url( $value ) ) {
				return array( '', sprintf( $not_http, $label, $value ) );
			}
			$parts = wp_parse_url( $value );
			if ( ( isset( $parts['path'] ) && '/' !== $parts['path'] ) || isset( $parts['query'] ) || isset( $parts['fragment'] ) ) {
				/* translators: 1: the field's label, 2: the value given. */
				return array( '', sprintf( __( '%1$s: “%2$s” has a path. Enter the lead server’s origin only, such as https://leads.example.com.', 'redcliffe-case-study' ), $label, $value ) );
			}
			// The origin `redcliffe-leads serve` is reached at; the endpoint's path is added when rendering.
			return array( strtolower( $parts['scheme'] ) . '://' . strtolower( $parts['host'] ) . ( isset( $parts['port'] ) ? ':' . $parts['port'] : '' ), '' );
		case 'hubspot_portal':
			if ( ! preg_match( '/^\d{1,12}$/', $value ) ) {
				/* translators: 1: the field's label, 2: the value given. */
				return array( '', sprintf( __( '%1$s: “%2$s” is not a portal ID. It is digits only, such as 7654321 (your HubSpot account ID).', 'redcliffe-case-study' ), $label, $value ) );
			}
			return array( $value, '' );
		case 'hubspot_form':
			if ( ! preg_match( '/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i', $value ) ) {
				/* translators: 1: the field's label, 2: the value given. */
				return array( '', sprintf( __( '%1$s: “%2$s” is not a form GUID. It looks like 0a1b2c3d-aaaa-bbbb-cccc-0123456789ab (the form’s embed code shows it).', 'redcliffe-case-study' ), $label, $value ) );
			}
			return array( strtolower( $value ), '' );
		case 'contact_url':
			// The element takes a page, an e-mail address or a telephone number here.
			if ( preg_match( '/^mailto:[^\s"\'<>\\\\`@]+@[^\s"\'<>\\\\`@]+$/i', $value ) || preg_match( '/^tel:\+?[0-9().\- ]{3,}$/i', $value ) ) {
				return array( $value, '' );
			}
			if ( ! redcliffe_case_study_is_http_url( $value ) ) {
				/* translators: 1: the field's label, 2: the value given. */
				return array( '', sprintf( __( '%1$s: “%2$s” is not an http(s), mailto: or tel: address. Enter a page such as https://example.com/contact/, or mailto:sales@example.com.', 'redcliffe-case-study' ), $label, $value ) );
			}
			return array( $value, '' );
		case 'story_url':
			if ( ! redcliffe_case_study_is_http_url( $value ) && ! redcliffe_case_study_is_site_path( $value ) ) {
				/* translators: 1: the field's label, 2: the value given. */
				return array( '', sprintf( __( '%1$s: “%2$s” is neither an http(s) address nor a path on this site. Enter a story file’s address, such as https://example.com/stories/acme.json or /wp-content/uploads/2026/01/acme.json.', 'redcliffe-case-study' ), $label, $value ) );
			}
			return array( $value, '' );
		case 'privacy_url':
		case 'testimonial_url':
		case 'testimonial_photo':
			if ( ! redcliffe_case_study_is_http_url( $value ) ) {
				return array( '', sprintf( $not_http, $label, $value ) );
			}
			return array( $value, '' );
		case 'hubspot_subscription_type':
			if ( ! preg_match( '/^\d{1,12}$/', $value ) ) {
				/* translators: 1: the field's label, 2: the value given. */
				return array( '', sprintf( __( '%1$s: “%2$s” is not a subscription type ID. It is digits only, such as 12345678 (HubSpot: Settings → Marketing → Email → Subscription types).', 'redcliffe-case-study' ), $label, $value ) );
			}
			return array( $value, '' );
		case 'consent_text':
			// The words beside the checkbox, shown and forwarded as text: no markup survives.
			return array( mb_substr( sanitize_text_field( $value ), 0, 500 ), '' );
		case 'testimonial_name':
		case 'testimonial_title':
			// Words, shown as text: no markup survives, and a name is not a paragraph.
			return array( mb_substr( sanitize_text_field( $value ), 0, 200 ), '' );
	}
	return array( '', '' );
}
