import FormatBold from '@mui/icons-material/FormatBold';
import FormatItalic from '@mui/icons-material/FormatItalic';
import FormatListBulleted from '@mui/icons-material/FormatListBulleted';
import FormatListNumbered from '@mui/icons-material/FormatListNumbered';
import InsertLink from '@mui/icons-material/InsertLink';
import Title from '@mui/icons-material/Title';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Popover from '@mui/material/Popover';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import Tooltip from '@mui/material/Tooltip';
import type { Editor } from '@tiptap/core';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';

/**
 * Rich text for journal notes (TipTap with StarterKit): bold, italic, lists, a heading and links. The value is
 * HTML, '' when empty; the server sanitizes what it stores, so this editor only has to produce clean markup.
 * Its own lazy chunk (TipTap and ProseMirror are large): load it with `LazyRichTextEditor`.
 */
export type RichTextEditorProps = {
  /** The field's name, read out for the editing area: "Pre-session plan". */
  label: string;
  value: string;
  onChange: (html: string) => void;
  placeholder?: string;
  minHeight?: number;
  disabled?: boolean;
};

const SAFE_LINK = /^(https?:\/\/|mailto:)/i;

const htmlOf = (editor: Editor) => (editor.isEmpty ? '' : editor.getHTML());

/** Lets the editor's own fix-ups of loaded content (a trailing paragraph) run silently; the HTML it then writes. */
function normalize(editor: Editor, value: string): { value: string; html: string } {
  if (!editor.isDestroyed) editor.view.dispatch(editor.state.tr.setMeta('preventUpdate', true));
  return { value, html: htmlOf(editor) };
}

export function RichTextEditor(props: RichTextEditorProps) {
  const { onChange } = props;
  const changed = useRef(onChange);
  changed.current = onChange;
  const initial = useRef(props.value);
  // The value last given from outside and the same text as the editor writes it (TipTap rewrites markup it does
  // not keep as is, e.g. a <li> without a paragraph, and adds a trailing paragraph after a list): the editor's
  // rewrite of a loaded text is not an edit.
  const baseline = useRef({ value: props.value, html: props.value });
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [3] },
        codeBlock: false,
        horizontalRule: false,
        link: { openOnClick: false, autolink: true, defaultProtocol: 'https', protocols: ['http', 'https', 'mailto'] },
      }),
    ],
    content: props.value,
    editable: !props.disabled,
    // TipTap's own stylesheet would be an inline <style> the Content-Security-Policy refuses: the rules it needs
    // are in this component's styles (emotion, which carries the page's nonce).
    injectCSS: false,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': props.label,
        ...(props.placeholder ? { 'data-placeholder': props.placeholder } : {}),
      },
    },
    onCreate: ({ editor: e }) => {
      baseline.current = normalize(e, initial.current);
    },
    onUpdate: ({ editor: e }) => {
      const html = htmlOf(e);
      // Back to the value given, as the editor writes it: that value, so nothing counts as changed.
      changed.current(html === baseline.current.html ? baseline.current.value : html);
    },
  });

  // A value set from outside (the saved entry loaded, a reset after save) replaces the content; the editor's
  // own edits come back equal and change nothing.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const html = htmlOf(editor);
    if (props.value === html || (props.value === baseline.current.value && html === baseline.current.html)) return;
    editor.commands.setContent(props.value, { emitUpdate: false });
    baseline.current = normalize(editor, props.value);
  }, [editor, props.value]);
  useEffect(() => {
    // No update event: switching editable changes no text (TipTap would otherwise report the content as edited).
    editor?.setEditable(!props.disabled, false);
  }, [editor, props.disabled]);

  return (
    <Box
      sx={{
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        '&:focus-within': { borderColor: 'primary.main' },
        bgcolor: 'background.paper',
      }}
    >
      {editor && <Toolbar editor={editor} label={props.label} disabled={props.disabled} />}
      <Box
        sx={{
          px: 1.5,
          '& .ProseMirror': {
            minHeight: props.minHeight ?? 96,
            py: 1,
            outline: 'none',
            fontSize: 14,
            position: 'relative',
            wordWrap: 'break-word',
            whiteSpace: 'break-spaces',
            fontVariantLigatures: 'none',
            fontFeatureSettings: '"liga" 0',
          },
          '& .ProseMirror [contenteditable="false"]': { whiteSpace: 'normal' },
          '& img.ProseMirror-separator': {
            display: 'inline !important',
            border: 'none !important',
            width: 0,
            height: 0,
          },
          '& .ProseMirror-hideselection *::selection': { background: 'transparent' },
          '& .ProseMirror-hideselection *': { caretColor: 'transparent' },
          '& .ProseMirror p': { my: 0.5 },
          '& .ProseMirror h3': { fontSize: 16, fontWeight: 600, my: 0.75 },
          '& .ProseMirror ul, & .ProseMirror ol': { pl: 3, my: 0.5 },
          '& .ProseMirror a': { color: 'primary.main' },
          '& .ProseMirror[data-placeholder]:has(> p:only-child > br.ProseMirror-trailingBreak:only-child)::before': {
            content: 'attr(data-placeholder)',
            color: 'text.disabled',
            position: 'absolute',
            pointerEvents: 'none',
            pt: 0.5,
          },
        }}
      >
        <EditorContent editor={editor} />
      </Box>
    </Box>
  );
}

function Toolbar(props: { editor: Editor; label: string; disabled?: boolean }) {
  const { editor } = props;
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      heading: e.isActive('heading', { level: 3 }),
      link: e.isActive('link'),
    }),
  });
  const [linkAnchor, setLinkAnchor] = useState<HTMLElement | null>(null);
  const chain = () => editor.chain().focus();
  const button = (name: string, active: boolean, icon: ReactNode, run: () => void) => (
    <Tooltip title={name}>
      <span>
        <ToggleButton
          value={name}
          size="small"
          selected={active}
          aria-label={name}
          disabled={props.disabled}
          onClick={run}
          sx={{ border: 0, p: 0.5 }}
        >
          {icon}
        </ToggleButton>
      </span>
    </Tooltip>
  );
  return (
    <Box
      role="toolbar"
      aria-label={`${props.label} formatting`}
      sx={{ display: 'flex', gap: 0.25, px: 0.5, py: 0.25, borderBottom: 1, borderColor: 'divider' }}
    >
      {button('Bold', state.bold, <FormatBold fontSize="small" />, () => chain().toggleBold().run())}
      {button('Italic', state.italic, <FormatItalic fontSize="small" />, () => chain().toggleItalic().run())}
      {button('Heading', state.heading, <Title fontSize="small" />, () => chain().toggleHeading({ level: 3 }).run())}
      {button('Bulleted list', state.bullet, <FormatListBulleted fontSize="small" />, () =>
        chain().toggleBulletList().run(),
      )}
      {button('Numbered list', state.ordered, <FormatListNumbered fontSize="small" />, () =>
        chain().toggleOrderedList().run(),
      )}
      <Tooltip title="Link">
        <span>
          <ToggleButton
            value="link"
            size="small"
            selected={state.link}
            aria-label="Link"
            disabled={props.disabled}
            onClick={(e) => setLinkAnchor(e.currentTarget)}
            sx={{ border: 0, p: 0.5 }}
          >
            <InsertLink fontSize="small" />
          </ToggleButton>
        </span>
      </Tooltip>
      {linkAnchor && <LinkPopover editor={editor} anchor={linkAnchor} onClose={() => setLinkAnchor(null)} />}
    </Box>
  );
}

function LinkPopover(props: { editor: Editor; anchor: HTMLElement; onClose: () => void }) {
  const { editor } = props;
  const existing = (editor.getAttributes('link').href as string | undefined) ?? '';
  const [href, setHref] = useState(existing);
  const [error, setError] = useState('');
  const id = useId();
  const apply = () => {
    const url = href.trim();
    if (!url) {
      editor.chain().focus().extendMarkRange('link').unsetLink().run();
      props.onClose();
      return;
    }
    const full = SAFE_LINK.test(url) ? url : `https://${url}`;
    if (!SAFE_LINK.test(full) || /\s/.test(full)) {
      setError('The link must be a web address (https://…) or an email link (mailto:…).');
      return;
    }
    const chain = editor.chain().focus().extendMarkRange('link').setLink({ href: full });
    // With nothing selected the address itself becomes the link's text.
    if (editor.state.selection.empty && !existing)
      editor
        .chain()
        .focus()
        .insertContent({ type: 'text', text: full, marks: [{ type: 'link', attrs: { href: full } }] })
        .run();
    else chain.run();
    props.onClose();
  };
  return (
    <Popover
      open
      anchorEl={props.anchor}
      onClose={props.onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
    >
      <Box
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          apply();
        }}
        sx={{ p: 1.5, display: 'flex', gap: 1, alignItems: 'flex-start', width: 380 }}
      >
        <TextField
          id={id}
          label="Link address"
          size="small"
          autoFocus
          value={href}
          onChange={(e) => {
            setHref(e.target.value);
            setError('');
          }}
          error={Boolean(error)}
          helperText={error || 'Leave it empty to remove the link.'}
          sx={{ flexGrow: 1 }}
        />
        <Button type="submit" variant="contained" size="small" sx={{ mt: 0.5 }}>
          Apply
        </Button>
      </Box>
    </Popover>
  );
}
