<?php
/**
 * Stories other than the default: a block or shortcode names a story file by its URL (the element's
 * `src`), and administrators may upload one to the media library. A story names the PDF visitors
 * get, so uploading one is an administrator's act (JSON is allowed for them only), and a story is
 * checked before the media library offers it: JSON, an object, every top-level field the schema
 * requires and none it does not know, its id a slug (read from story.schema.json, which the build
 * puts beside this plugin's assets). The element checks the rest when it shows the story, and says
 * in its own box what is wrong.
 *
 * @package Redcliffe_Case_Study
 */

defined( 'ABSPATH' ) || exit;

/** A story is a few kilobytes: a file this big is something else. */
define( 'REDCLIFFE_CASE_STUDY_STORY_MAX_BYTES', 256 * 1024 );

/**
 * The story schema's top level: its required fields, the fields it knows and the id's pattern.
 *
 * @return array{required: string[], known: string[], id_pattern: string}
 */
function redcliffe_case_study_story_schema() {
	static $schema = null;
	if ( null === $schema ) {
		$file     = dirname( REDCLIFFE_CASE_STUDY_FILE ) . '/assets/story.schema.json';
		$text     = is_readable( $file ) ? file_get_contents( $file ) : false; // phpcs:ignore -- a file of this plugin, not a remote one.
		$decoded  = false === $text ? null : json_decode( $text, true );
		$decoded  = is_array( $decoded ) ? $decoded : array();
		$required = isset( $decoded['required'] ) && is_array( $decoded['required'] ) ? $decoded['required'] : array();
		$known    = isset( $decoded['properties'] ) && is_array( $decoded['properties'] ) ? array_keys( $decoded['properties'] ) : array();
		$schema   = array(
			'required'   => $required,
			'known'      => $known,
			'id_pattern' => isset( $decoded['properties']['id']['pattern'] ) ? (string) $decoded['properties']['id']['pattern'] : '',
		);
	}
	return $schema;
}

/**
 * What keeps a file from being a story, in words that end "… is not a customer story: <these>".
 *
 * @param string $text The file's contents.
 * @return string '' when it passes.
 */
function redcliffe_case_study_story_problem( $text ) {
	if ( strlen( $text ) > REDCLIFFE_CASE_STUDY_STORY_MAX_BYTES ) {
		/* translators: 1: the file's size, 2: the largest a story may be. */
		return sprintf( __( 'it is %1$s, over the %2$s a story may be', 'redcliffe-case-study' ), size_format( strlen( $text ) ), size_format( REDCLIFFE_CASE_STUDY_STORY_MAX_BYTES ) );
	}
	$object = json_decode( $text );
	if ( JSON_ERROR_NONE !== json_last_error() ) {
		/* translators: %s: PHP's words for the JSON error. */
		return sprintf( __( 'it is not JSON (%s)', 'redcliffe-case-study' ), json_last_error_msg() );
	}
	if ( ! $object instanceof stdClass ) {
		return __( 'it is not a JSON object', 'redcliffe-case-study' );
	}
	$story  = (array) $object;
	$schema = redcliffe_case_study_story_schema();
	if ( ! $schema['required'] ) {
		return __( 'this copy of the plugin lacks story.schema.json to check it by (upload the plugin again)', 'redcliffe-case-study' );
	}
	$missing = array_diff( $schema['required'], array_keys( $story ) );
	if ( $missing ) {
		/* translators: %s: field names. */
		return sprintf( __( 'it lacks %s, which every story has', 'redcliffe-case-study' ), implode( ', ', $missing ) );
	}
	$unknown = array_diff( array_keys( $story ), $schema['known'] );
	if ( $unknown ) {
		/* translators: %s: field names. */
		return sprintf( __( 'it has fields a story does not: %s', 'redcliffe-case-study' ), implode( ', ', $unknown ) );
	}
	if ( ! is_string( $story['id'] ) || ( '' !== $schema['id_pattern'] && ! preg_match( '~' . str_replace( '~', '\~', $schema['id_pattern'] ) . '~', $story['id'] ) ) ) {
		return __( 'its id is not a slug (lowercase letters and digits, joined by hyphens, such as acme-tools)', 'redcliffe-case-study' );
	}
	return '';
}

/**
 * Administrators may upload JSON (a story); nobody else.
 *
 * @param array<string, string> $mimes Extensions => MIME type allowed.
 * @param int|WP_User|null      $user  Whose upload (null: the current user).
 * @return array<string, string>
 */
function redcliffe_case_study_upload_mimes( $mimes, $user = null ) {
	$user = $user instanceof WP_User ? $user->ID : ( null === $user ? get_current_user_id() : (int) $user );
	if ( user_can( $user, 'manage_options' ) ) {
		$mimes['json'] = 'application/json';
	}
	return $mimes;
}
add_filter( 'upload_mimes', 'redcliffe_case_study_upload_mimes', 10, 2 );

/**
 * Some JSON is named text/plain by the server's file-type library, and WordPress then refuses the
 * .json it allowed above: such a file is taken as JSON (the story check reads it next).
 *
 * @param array        $data      The extension, type and proper file name WordPress found.
 * @param string       $file      The uploaded file's path.
 * @param string       $filename  Its name.
 * @param array|null   $mimes     The types allowed for this upload.
 * @param string|false $real_mime What the file-type library says it is.
 * @return array
 */
function redcliffe_case_study_check_filetype( $data, $file, $filename, $mimes, $real_mime = false ) {
	if ( false === $data['type'] && 'text/plain' === $real_mime && preg_match( '/\.json$/i', $filename ) && isset( get_allowed_mime_types()['json'] ) ) {
		$data['ext']  = 'json';
		$data['type'] = 'application/json';
	}
	return $data;
}
add_filter( 'wp_check_filetype_and_ext', 'redcliffe_case_study_check_filetype', 10, 5 );

/**
 * Before an upload is kept: a .json file is a story an administrator uploads, or it is refused with
 * words naming what to change (the media library's upload and the REST API's alike).
 *
 * @param array $file The upload: name, tmp_name, size…
 * @return array The same, with `error` set when it is refused.
 */
function redcliffe_case_study_check_story_upload( $file ) {
	if ( ! isset( $file['name'], $file['tmp_name'] ) || ! preg_match( '/\.json$/i', (string) $file['name'] ) ) {
		return $file;
	}
	if ( ! current_user_can( 'manage_options' ) ) {
		$file['error'] = __( 'Only an administrator can upload a customer story (a .json file). Ask one to upload it; then choose it in the block’s Story panel.', 'redcliffe-case-study' );
		return $file;
	}
	$text    = is_readable( $file['tmp_name'] ) ? file_get_contents( $file['tmp_name'] ) : false; // phpcs:ignore -- the upload being checked.
	$problem = false === $text ? __( 'it could not be read', 'redcliffe-case-study' ) : redcliffe_case_study_story_problem( $text );
	if ( '' !== $problem ) {
		/* translators: 1: the file's name, 2: what is wrong with it. */
		$file['error'] = sprintf( __( '“%1$s” is not a customer story: %2$s.', 'redcliffe-case-study' ), sanitize_file_name( $file['name'] ), $problem );
	}
	return $file;
}
add_filter( 'wp_handle_upload_prefilter', 'redcliffe_case_study_check_story_upload' );
add_filter( 'wp_handle_sideload_prefilter', 'redcliffe_case_study_check_story_upload' );

/**
 * A story that passed the check above is marked as an administrator's, the mark a story URL in
 * anyone's post is vetted by (whatever other plugins allow others to upload).
 *
 * @param int $attachment_id The new attachment.
 */
function redcliffe_case_study_mark_story( $attachment_id ) {
	if ( 'application/json' === get_post_mime_type( $attachment_id ) && current_user_can( 'manage_options' ) ) {
		update_post_meta( $attachment_id, REDCLIFFE_CASE_STUDY_STORY_META, 1 );
	}
}
add_action( 'add_attachment', 'redcliffe_case_study_mark_story' );

/**
 * A story URL as an absolute address: a path on this site gets the site's origin.
 *
 * @param string $url A checked story URL (http(s), or a path on this site).
 * @return string
 */
function redcliffe_case_study_absolute_url( $url ) {
	if ( ! redcliffe_case_study_is_site_path( $url ) ) {
		return $url;
	}
	$home = wp_parse_url( home_url() );
	return $home['scheme'] . '://' . $home['host'] . ( isset( $home['port'] ) ? ':' . $home['port'] : '' ) . $url;
}

/**
 * The story an administrator uploaded to the media library at this URL, read from its file.
 *
 * @param string $url A checked story URL.
 * @return array|null The story; null when the URL is not such an upload.
 */
function redcliffe_case_study_library_story( $url ) {
	static $found = array();
	if ( ! array_key_exists( $url, $found ) ) {
		$found[ $url ] = null;
		$id            = attachment_url_to_postid( redcliffe_case_study_absolute_url( $url ) );
		if ( $id && get_post_meta( $id, REDCLIFFE_CASE_STUDY_STORY_META, true ) ) {
			$file = get_attached_file( $id );
			$text = $file && is_readable( $file ) ? file_get_contents( $file ) : false; // phpcs:ignore -- a file of the media library.
			if ( false !== $text && '' === redcliffe_case_study_story_problem( $text ) ) {
				$found[ $url ] = json_decode( $text, true );
			}
		}
	}
	return $found[ $url ];
}

/**
 * Whether anyone's post may show this story: one an administrator uploaded, or one on the lead
 * server Settings → Customer story names (the company's own). Any other is an administrator's
 * choice only (includes/trust.php).
 *
 * @param string $url         A checked story URL.
 * @param string $lead_server The site's lead server origin ('' when unset).
 * @return bool
 */
function redcliffe_case_study_story_is_vetted( $url, $lead_server ) {
	return null !== redcliffe_case_study_library_story( $url ) || ( '' !== $lead_server && 0 === strpos( $url, $lead_server . '/' ) );
}

/**
 * The PDF link shown until the element runs (and wherever it cannot): the default story's
 * packaged one-pager, or the PDF an uploaded story names.
 *
 * @param string $url The story URL ('' for the default story).
 * @return array{0: string, 1: string} The PDF's address and the link's words; both '' when not known.
 */
function redcliffe_case_study_story_pdf( $url ) {
	if ( '' === $url ) {
		return array( redcliffe_case_study_pdf_url(), __( 'Read the Redcliffe Labs case study (PDF)', 'redcliffe-case-study' ) );
	}
	$story = redcliffe_case_study_library_story( $url );
	if ( null === $story || ! isset( $story['pdf']['url'], $story['customer']['name'] ) || ! is_string( $story['pdf']['url'] ) || ! is_string( $story['customer']['name'] ) ) {
		return array( '', '' );
	}
	// The story's own addresses are read against the story file's, as the element reads them.
	$pdf = WP_Http::make_absolute_url( $story['pdf']['url'], redcliffe_case_study_absolute_url( $url ) );
	if ( ! redcliffe_case_study_is_http_url( $pdf ) ) {
		return array( '', '' );
	}
	/* translators: %s: the customer's name. */
	return array( $pdf, sprintf( __( 'Read the %s case study (PDF)', 'redcliffe-case-study' ), $story['customer']['name'] ) );
}
