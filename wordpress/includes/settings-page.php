<?php
/**
 * Settings → Customer story: where leads go, the two links, the consent checkbox's words and whether
 * views and form opens are counted, set once for the whole site. Only
 * for users who can manage options; saved through the Settings API (options.php, with its nonce),
 * each value checked by redcliffe_case_study_check(): a value that fails keeps the one saved before
 * and an admin notice names the field and what to change.
 *
 * @package Redcliffe_Case_Study
 */

defined( 'ABSPATH' ) || exit;

define( 'REDCLIFFE_CASE_STUDY_PAGE', 'redcliffe-case-study' );

/** What each field is for, under it. */
function redcliffe_case_study_field_descriptions() {
	return array(
		'lead_server'               => __( 'The address of your company’s lead server (redcliffe-leads serve), such as https://leads.example.com. Its CORS_ORIGINS must name this site.', 'redcliffe-case-study' ),
		'hubspot_portal'            => __( 'To send leads straight to a HubSpot form instead (no server): your HubSpot account ID, digits such as 7654321. With both HubSpot fields set, leads go to HubSpot.', 'redcliffe-case-study' ),
		'hubspot_form'              => __( 'The HubSpot form’s GUID, such as 0a1b2c3d-aaaa-bbbb-cccc-0123456789ab.', 'redcliffe-case-study' ),
		'privacy_url'               => __( 'Your privacy notice: a line under the download form links to it.', 'redcliffe-case-study' ),
		'contact_url'               => __( 'Where a visitor reaches a person after the download: a page, or mailto: / tel:.', 'redcliffe-case-study' ),
		'consent_text'              => __( 'Optional: the words of a checkbox under the download form, never ticked in advance, such as “Email me about new customer stories.” What the visitor chose, with these words and the time, is kept with the lead and sent on to HubSpot as its consent.', 'redcliffe-case-study' ),
		'hubspot_subscription_type' => __( 'For a HubSpot form with GDPR options on: the subscription type the checkbox is for (digits). HubSpot also receives the privacy line shown under the form as the consent to process the visitor’s details.', 'redcliffe-case-study' ),
		'no_analytics'              => __( 'For a site that needs a visitor’s consent before any counting: nothing is sent to the lead server when the story is viewed or its download form opened, so its /admin shows no views or opens. Leads are still sent. A block or shortcode can also turn counting off for its own page.', 'redcliffe-case-study' ),
	);
}

/**
 * The sanitize callback: checks every value; a failing one keeps what was saved and is named in a notice.
 *
 * @param mixed $input The submitted values.
 * @return array<string, string|bool>
 */
function redcliffe_case_study_sanitize( $input ) {
	$input  = is_array( $input ) ? $input : array();
	$saved  = redcliffe_case_study_settings();
	$result = array();
	foreach ( array_keys( redcliffe_case_study_setting_labels() ) as $key ) {
		list( $value, $problem ) = redcliffe_case_study_check( $key, isset( $input[ $key ] ) ? wp_unslash( $input[ $key ] ) : '' );
		if ( '' === $problem ) {
			$result[ $key ] = $value;
			continue;
		}
		$result[ $key ] = $saved[ $key ];
		// settings_errors() prints the message as it is: it is escaped here.
		add_settings_error( REDCLIFFE_CASE_STUDY_OPTION, 'redcliffe-case-study-' . $key, esc_html( $problem ), 'error' );
	}
	if ( ( '' === $result['hubspot_portal'] ) !== ( '' === $result['hubspot_form'] ) ) {
		add_settings_error(
			REDCLIFFE_CASE_STUDY_OPTION,
			'redcliffe-case-study-hubspot',
			esc_html__( 'HubSpot needs both the HubSpot portal ID and the HubSpot form GUID: set the one that is missing (until then no lead goes to HubSpot).', 'redcliffe-case-study' ),
			'warning'
		);
	}
	if ( '' !== $result['hubspot_subscription_type'] && '' === $result['consent_text'] ) {
		add_settings_error(
			REDCLIFFE_CASE_STUDY_OPTION,
			'redcliffe-case-study-consent',
			esc_html__( 'The HubSpot subscription type needs the consent checkbox text: without the words, no checkbox is shown and HubSpot gets no subscription consent.', 'redcliffe-case-study' ),
			'warning'
		);
	}
	return $result;
}

/** Registers the option, its sections and its labelled fields. */
function redcliffe_case_study_register_settings() {
	register_setting(
		REDCLIFFE_CASE_STUDY_OPTION,
		REDCLIFFE_CASE_STUDY_OPTION,
		array(
			'type'              => 'object',
			'sanitize_callback' => 'redcliffe_case_study_sanitize',
			'default'           => array(),
			'show_in_rest'      => false,
		)
	);
	add_settings_section( 'redcliffe-case-study-main', __( 'Where leads go, and your links', 'redcliffe-case-study' ), '__return_false', REDCLIFFE_CASE_STUDY_PAGE );
	add_settings_section( 'redcliffe-case-study-consent', __( 'Consent', 'redcliffe-case-study' ), '__return_false', REDCLIFFE_CASE_STUDY_PAGE );
	add_settings_section( 'redcliffe-case-study-counting', __( 'Views and form opens', 'redcliffe-case-study' ), '__return_false', REDCLIFFE_CASE_STUDY_PAGE );
	$descriptions = redcliffe_case_study_field_descriptions();
	foreach ( redcliffe_case_study_setting_labels() as $key => $label ) {
		add_settings_field(
			'redcliffe-case-study-' . $key,
			$label,
			'redcliffe_case_study_field',
			REDCLIFFE_CASE_STUDY_PAGE,
			in_array( $key, redcliffe_case_study_switch_keys(), true ) ? 'redcliffe-case-study-counting' : ( in_array( $key, redcliffe_case_study_site_only_keys(), true ) ? 'redcliffe-case-study-consent' : 'redcliffe-case-study-main' ),
			array(
				'label_for'   => 'redcliffe-case-study-' . $key,
				'key'         => $key,
				'description' => $descriptions[ $key ],
			)
		);
	}
}
add_action( 'admin_init', 'redcliffe_case_study_register_settings' );

/**
 * One field: its input (named by the label WordPress prints for it) and what it is for.
 *
 * @param array $args The key, the input's id and the description.
 */
function redcliffe_case_study_field( $args ) {
	$settings = redcliffe_case_study_settings();
	$key      = $args['key'];
	if ( in_array( $key, redcliffe_case_study_switch_keys(), true ) ) {
		// Unticked, the browser sends nothing for it: the sanitize callback reads that as off.
		printf(
			'<input type="checkbox" id="%1$s" name="%2$s[%3$s]" value="1"%4$s aria-describedby="%1$s-description"><p class="description" id="%1$s-description">%5$s</p>',
			esc_attr( $args['label_for'] ),
			esc_attr( REDCLIFFE_CASE_STUDY_OPTION ),
			esc_attr( $key ),
			checked( $settings[ $key ], true, false ),
			esc_html( $args['description'] )
		);
		return;
	}
	$url = in_array( $key, array( 'lead_server', 'privacy_url' ), true );
	printf(
		'<input type="%1$s" id="%2$s" name="%3$s[%4$s]" value="%5$s" class="regular-text code" inputmode="%6$s" aria-describedby="%2$s-description"><p class="description" id="%2$s-description">%7$s</p>',
		esc_attr( $url ? 'url' : 'text' ),
		esc_attr( $args['label_for'] ),
		esc_attr( REDCLIFFE_CASE_STUDY_OPTION ),
		esc_attr( $key ),
		esc_attr( $settings[ $key ] ),
		esc_attr( $url ? 'url' : ( in_array( $key, array( 'hubspot_portal', 'hubspot_subscription_type' ), true ) ? 'numeric' : 'text' ) ),
		esc_html( $args['description'] )
	);
}

/** The page itself. */
function redcliffe_case_study_settings_page() {
	if ( ! current_user_can( 'manage_options' ) ) {
		return;
	}
	echo '<div class="wrap"><h1>' . esc_html( get_admin_page_title() ) . '</h1>';
	echo '<p>' . esc_html__( 'The customer story’s block ("Customer story") and shortcode [redcliffe_case_study] use these on every page; a block’s sidebar can set other values for its page. Set a lead server address or a HubSpot form: until one is set, visitors get the PDF but their details go nowhere.', 'redcliffe-case-study' ) . '</p>';
	echo '<form action="options.php" method="post">';
	settings_fields( REDCLIFFE_CASE_STUDY_OPTION );
	do_settings_sections( REDCLIFFE_CASE_STUDY_PAGE );
	submit_button();
	echo '</form></div>';
}

/** Settings → Customer story, for users who can manage options. */
function redcliffe_case_study_add_settings_page() {
	add_options_page( __( 'Customer story', 'redcliffe-case-study' ), __( 'Customer story', 'redcliffe-case-study' ), 'manage_options', REDCLIFFE_CASE_STUDY_PAGE, 'redcliffe_case_study_settings_page' );
}
add_action( 'admin_menu', 'redcliffe_case_study_add_settings_page' );

/**
 * A "Settings" link beside "Deactivate" on the Plugins screen.
 *
 * @param string[] $links The plugin's action links.
 * @return string[]
 */
function redcliffe_case_study_action_links( $links ) {
	array_unshift( $links, sprintf( '<a href="%s">%s</a>', esc_url( admin_url( 'options-general.php?page=' . REDCLIFFE_CASE_STUDY_PAGE ) ), esc_html__( 'Settings', 'redcliffe-case-study' ) ) );
	return $links;
}
add_filter( 'plugin_action_links_' . plugin_basename( REDCLIFFE_CASE_STUDY_FILE ), 'redcliffe_case_study_action_links' );
