<?php
/**
 * Who may choose where a story's leads go. Anyone who can write a post can add the block or the
 * shortcode; only a post whose author can manage the site's options (an administrator) may send its
 * leads somewhere Settings → Customer story does not say. Everyone else's destination is the site's.
 *
 * A reusable block is written by its own author and shown inside another post: while one renders,
 * its author is vouched for as well (both must be administrators), so an Author's reusable block
 * placed in an administrator's post does not carry the Author's destination along.
 *
 * @package Redcliffe_Case_Study
 */

defined( 'ABSPATH' ) || exit;

/**
 * The authors of the reusable blocks rendering now, innermost last.
 *
 * @param string   $action 'push', 'pop' or 'read'.
 * @param int|null $author The reusable block's author, for 'push'.
 * @return int[]
 */
function redcliffe_case_study_reusable_authors( $action = 'read', $author = null ) {
	static $authors = array();
	if ( 'push' === $action ) {
		$authors[] = (int) $author;
	} elseif ( 'pop' === $action ) {
		array_pop( $authors );
	}
	return $authors;
}

/**
 * Before a reusable block (core/block) renders: its author joins those vouched for.
 *
 * @param string|null $pre_render Null to let the block render (returned as it is).
 * @param array       $block      The parsed block.
 * @return string|null
 */
function redcliffe_case_study_enter_block( $pre_render, $block ) {
	if ( null === $pre_render && isset( $block['blockName'] ) && 'core/block' === $block['blockName'] ) {
		$ref = isset( $block['attrs']['ref'] ) ? get_post( (int) $block['attrs']['ref'] ) : null;
		redcliffe_case_study_reusable_authors( 'push', $ref instanceof WP_Post ? $ref->post_author : 0 );
	}
	return $pre_render;
}
// Last, so a filter that renders the block itself (and skips render_block) is seen.
add_filter( 'pre_render_block', 'redcliffe_case_study_enter_block', PHP_INT_MAX, 2 );

/**
 * After a reusable block rendered: its author leaves.
 *
 * @param string $content The block's HTML (returned as it is).
 * @param array  $block   The parsed block.
 * @return string
 */
function redcliffe_case_study_leave_block( $content, $block ) {
	if ( isset( $block['blockName'] ) && 'core/block' === $block['blockName'] ) {
		redcliffe_case_study_reusable_authors( 'pop' );
	}
	return $content;
}
add_filter( 'render_block', 'redcliffe_case_study_leave_block', 10, 2 );

/**
 * Whether the story rendering now may override the site's lead destination: the post's author, and
 * the author of every reusable block it sits in, can manage options. Without a post (a widget, a
 * template rendered outside the loop) nobody is vouched for.
 *
 * @return bool
 */
function redcliffe_case_study_author_is_trusted() {
	$post = get_post();
	if ( ! $post instanceof WP_Post ) {
		return false;
	}
	foreach ( array_merge( array( (int) $post->post_author ), redcliffe_case_study_reusable_authors() ) as $author ) {
		if ( $author <= 0 || ! user_can( $author, 'manage_options' ) ) {
			return false;
		}
	}
	return true;
}
