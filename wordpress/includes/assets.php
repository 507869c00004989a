<?php
/**
 * The element's files, served from this site: assets/<version>/ inside the plugin (a new version is
 * a new address, so they can be cached for good), checked by their integrity as the pasted snippet
 * checks them. assets/manifest.json, written by the build, names the entry, the core chunk and
 * every file the import map pins (the lazy chunks with their retry addresses), each with its hash.
 *
 * @package Redcliffe_Case_Study
 */

defined( 'ABSPATH' ) || exit;

/**
 * The build's manifest, read once per request.
 *
 * @return array|null Null when the plugin's assets are missing (a broken upload).
 */
function redcliffe_case_study_manifest() {
	static $manifest = false;
	if ( false === $manifest ) {
		$file     = dirname( REDCLIFFE_CASE_STUDY_FILE ) . '/assets/manifest.json';
		$text     = is_readable( $file ) ? file_get_contents( $file ) : false; // phpcs:ignore -- a file of this plugin, not a remote one.
		$decoded  = false === $text ? null : json_decode( $text, true );
		$manifest = is_array( $decoded ) && isset( $decoded['entry'], $decoded['core'], $decoded['integrity'] ) ? $decoded : null;
	}
	return $manifest;
}

/**
 * The address of a file of this version's assets folder.
 *
 * @param string $file A path inside assets/<version>/ ('' for the folder itself).
 * @return string
 */
function redcliffe_case_study_asset_url( $file ) {
	return plugins_url( 'assets/' . REDCLIFFE_CASE_STUDY_VERSION . '/' . $file, REDCLIFFE_CASE_STUDY_FILE );
}

/** The one-page PDF the fallback link and HubSpot mode give (the element's default beside its script). */
function redcliffe_case_study_pdf_url() {
	return redcliffe_case_study_asset_url( 'Leaflet_Case_Study_One_Pager.pdf' );
}

/**
 * The tags that load the element, as the snippet has them: the import map pinning the chunks by
 * their hashes, a modulepreload of the core, the entry with its integrity.
 *
 * @return string HTML; '' when the assets are missing.
 */
function redcliffe_case_study_script_tags() {
	$manifest = redcliffe_case_study_manifest();
	if ( null === $manifest ) {
		return '';
	}
	$integrity = array();
	foreach ( $manifest['integrity'] as $file => $hash ) {
		$integrity[ redcliffe_case_study_asset_url( $file ) ] = $hash;
	}
	// JSON_HEX_TAG: no "<" or ">" inside the script element, whatever the site's address holds.
	$map     = wp_json_encode( array( 'integrity' => $integrity ), JSON_UNESCAPED_SLASHES | JSON_HEX_TAG | JSON_HEX_AMP );
	$core    = $manifest['core'];
	$entry   = $manifest['entry'];
	$preload = sprintf(
		'<link rel="modulepreload" href="%s" integrity="%s" crossorigin="anonymous">' . "\n",
		esc_url( redcliffe_case_study_asset_url( $core['file'] ) ),
		esc_attr( $core['integrity'] )
	);
	return wp_get_inline_script_tag( $map, array( 'type' => 'importmap' ) )
		. $preload
		. wp_get_script_tag(
			array(
				'type'        => 'module',
				'src'         => esc_url( redcliffe_case_study_asset_url( $entry['file'] ) ),
				'integrity'   => $entry['integrity'],
				'crossorigin' => 'anonymous',
			)
		);
}

/**
 * Asks for the element's scripts on this page (a block or shortcode was rendered). They are printed
 * once, in the footer: however many stories the page has, and even when a theme or plugin renders
 * the content more than once (an excerpt, a meta description) before the page is sent.
 */
function redcliffe_case_study_need_scripts() {
	if ( ! has_action( 'wp_footer', 'redcliffe_case_study_print_scripts' ) ) {
		add_action( 'wp_footer', 'redcliffe_case_study_print_scripts' );
	}
}

/** Prints the element's scripts (front end: wp_footer; the block editor: admin_footer). */
function redcliffe_case_study_print_scripts() {
	echo redcliffe_case_study_script_tags(); // phpcs:ignore -- markup: every value in it is escaped where the tags are built.
}

/** The block editor loads the element too, so the block's preview is the live story. */
function redcliffe_case_study_editor_scripts() {
	add_action( 'admin_footer', 'redcliffe_case_study_print_scripts' );
}
add_action( 'enqueue_block_editor_assets', 'redcliffe_case_study_editor_scripts' );
