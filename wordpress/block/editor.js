/* global wp */
/**
 * The block's editor side, written for the `wp.*` globals WordPress loads (no build step). The
 * block's title, keywords and attributes come from block.json through the server's registration;
 * here: the preview (the server's own rendering, the live element inside it, inert so a click
 * selects the block) and the sidebar: which story (a story file's URL, or one chosen from the media
 * library, where only administrators can upload one), and fields that override the site's settings
 * for this block. An empty field means "the default story" or "the site's setting"; the one toggle
 * can only turn counting off.
 */
(function (blocks, element, blockEditor, components, ServerSideRender, i18n) {
  const el = element.createElement;
  const __ = i18n.__;
  const domain = 'redcliffe-case-study';

  /** The sidebar's panels: [attribute, label, input type ('toggle': on or off; 'story': a URL or the media library)]. */
  const PANELS = [
    {
      title: __('Story', domain),
      help: __(
        'Empty: the Redcliffe Labs story. Or the URL of a story file, or one from the media library (administrators upload stories there). In a post whose author is not an administrator, only a story from the media library or the lead server shows.',
        domain,
      ),
      fields: [['storyUrl', __('Story file URL', domain), 'story']],
    },
    {
      title: __('Lead destination', domain),
      help: __(
        'Leave empty to use Settings → Customer story. In a post whose author is an administrator, a lead server address, or both HubSpot fields, send this block’s leads there instead; in anyone else’s they are ignored, and the preview says so.',
        domain,
      ),
      fields: [
        ['leadServer', __('Lead server address', domain), 'url'],
        ['hubspotPortal', __('HubSpot portal ID', domain), 'text'],
        ['hubspotForm', __('HubSpot form GUID', domain), 'text'],
      ],
    },
    {
      title: __('Links', domain),
      help: __('Leave empty to use the site’s links.', domain),
      fields: [
        ['privacyUrl', __('Privacy notice URL', domain), 'url'],
        ['contactUrl', __('Contact URL', domain), 'text'],
      ],
    },
    {
      title: __('Views and form opens', domain),
      help: __(
        'On: nothing is sent to the lead server when this page’s story is viewed or its download form opened (leads are still sent). Off: Settings → Customer story decides.',
        domain,
      ),
      fields: [['noAnalytics', __('Do not count views and form opens', domain), 'toggle']],
    },
    {
      title: __('Testimonial attribution', domain),
      help: __('Who the quote is from. Leave empty for the story’s own.', domain),
      fields: [
        ['testimonialName', __('Testimonial name', domain), 'text'],
        ['testimonialTitle', __('Testimonial job title', domain), 'text'],
        ['testimonialUrl', __('Testimonial profile URL', domain), 'url'],
        ['testimonialPhoto', __('Testimonial photo URL', domain), 'url'],
      ],
    },
  ];

  /** The story's URL field, and a button opening the media library on its stories. */
  function StoryField({ field, value }) {
    return el(
      element.Fragment,
      null,
      el(components.TextControl, { ...field, type: 'url', value }),
      el(
        blockEditor.MediaUploadCheck,
        null,
        el(blockEditor.MediaUpload, {
          title: __('Choose a story', domain),
          allowedTypes: ['application/json'],
          onSelect: (media) => field.onChange(media.url),
          render: ({ open }) => el(components.Button, { variant: 'secondary', onClick: open }, __('Choose from the media library', domain)),
        }),
      ),
    );
  }

  function Sidebar({ attributes, setAttributes }) {
    return el(
      blockEditor.InspectorControls,
      null,
      PANELS.map((panel, index) =>
        el(
          components.PanelBody,
          { key: panel.title, title: panel.title, initialOpen: index < 2 },
          el('p', null, panel.help),
          panel.fields.map(([name, label, type]) => {
            const field = { key: name, label, onChange: (value) => setAttributes({ [name]: value }) };
            if (type === 'toggle') return el(components.ToggleControl, { ...field, checked: attributes[name] === true });
            if (type === 'story') return el(StoryField, { key: name, field, value: attributes[name] || '' });
            return el(components.TextControl, { ...field, type, value: attributes[name] || '' });
          }),
        ),
      ),
    );
  }

  blocks.registerBlockType('redcliffe/case-study', {
    edit(props) {
      return el(
        'div',
        blockEditor.useBlockProps(),
        el(Sidebar, props),
        el(components.Disabled, null, el(ServerSideRender, { block: 'redcliffe/case-study', attributes: props.attributes })),
      );
    },
    // Rendered by the server: the post keeps only the block's comment and its attributes.
    save: () => null,
  });
})(wp.blocks, wp.element, wp.blockEditor, wp.components, wp.serverSideRender, wp.i18n);
