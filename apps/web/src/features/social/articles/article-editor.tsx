import AddPhotoAlternate from '@mui/icons-material/AddPhotoAlternate';
import FormatBold from '@mui/icons-material/FormatBold';
import FormatItalic from '@mui/icons-material/FormatItalic';
import FormatListBulleted from '@mui/icons-material/FormatListBulleted';
import FormatListNumbered from '@mui/icons-material/FormatListNumbered';
import FormatQuote from '@mui/icons-material/FormatQuote';
import ShowChart from '@mui/icons-material/ShowChart';
import Title from '@mui/icons-material/Title';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import Tooltip from '@mui/material/Tooltip';
import { type Editor, mergeAttributes, Node } from '@tiptap/core';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { type ReactNode, useRef, useState } from 'react';
import { chartTokenOf } from './articles-url';

/** An image uploaded to the article: `<img src alt>` (the server keeps only the article's own images). */
const ArticleImage = Node.create({
  name: 'image',
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes: () => ({ src: { default: null }, alt: { default: '' } }),
  parseHTML: () => [{ tag: 'img[src]' }],
  renderHTML: ({ HTMLAttributes }) => ['img', mergeAttributes(HTMLAttributes)],
});

/** An embedded chart: `<div data-type="chart" data-token>` holding a chart's public share token. */
const ArticleChart = Node.create({
  name: 'chart',
  group: 'block',
  atom: true,
  addAttributes: () => ({
    token: {
      default: null,
      parseHTML: (el) => el.getAttribute('data-token'),
      renderHTML: (attrs) => ({ 'data-token': attrs.token as string }),
    },
  }),
  parseHTML: () => [{ tag: 'div[data-type="chart"]' }],
  renderHTML: ({ HTMLAttributes }) => ['div', mergeAttributes({ 'data-type': 'chart' }, HTMLAttributes)],
  addNodeView:
    () =>
    ({ node }) => {
      const dom = document.createElement('div');
      dom.setAttribute('data-type', 'chart');
      dom.textContent = `Live chart (${node.attrs.token as string})`;
      return { dom };
    },
});

export type ArticleEditorProps = {
  value: string;
  onChange: (html: string) => void;
  /** Uploads an image to the article and answers its URL. */
  onUpload: (file: File) => Promise<string | null>;
  disabled?: boolean;
};

/** The article's rich text (TipTap): headings, lists, quotes, links, uploaded images and live charts. */
export function ArticleEditor(props: ArticleEditorProps) {
  const changed = useRef(props.onChange);
  changed.current = props.onChange;
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        link: { openOnClick: false, autolink: true, defaultProtocol: 'https', protocols: ['http', 'https', 'mailto'] },
      }),
      ArticleImage,
      ArticleChart,
    ],
    content: props.value,
    editable: !props.disabled,
    injectCSS: false,
    editorProps: { attributes: { role: 'textbox', 'aria-multiline': 'true', 'aria-label': 'Article content' } },
    onUpdate: ({ editor: e }) => changed.current(e.isEmpty ? '' : e.getHTML()),
  });
  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper' }}>
      {editor && <Toolbar editor={editor} onUpload={props.onUpload} disabled={props.disabled} />}
      <Box
        sx={{
          px: 2,
          '& .ProseMirror': { minHeight: 320, py: 1, outline: 'none', whiteSpace: 'break-spaces' },
          '& .ProseMirror img': { maxWidth: '100%', height: 'auto' },
          '& .ProseMirror [data-type="chart"]': {
            p: 2,
            my: 1,
            border: 1,
            borderColor: 'primary.main',
            borderRadius: 1,
            color: 'primary.main',
            whiteSpace: 'normal',
          },
        }}
      >
        <EditorContent editor={editor} />
      </Box>
    </Box>
  );
}

function Toolbar(props: { editor: Editor; onUpload: ArticleEditorProps['onUpload']; disabled?: boolean }) {
  const { editor } = props;
  const fileInput = useRef<HTMLInputElement>(null);
  const [chartOpen, setChartOpen] = useState(false);
  const chain = () => editor.chain().focus();
  const button = (name: string, icon: ReactNode, run: () => void, active = false) => (
    <Tooltip title={name} key={name}>
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
      aria-label="Article formatting"
      sx={{ display: 'flex', gap: 0.25, px: 0.5, py: 0.25, borderBottom: 1, borderColor: 'divider' }}
    >
      {button('Bold', <FormatBold fontSize="small" />, () => chain().toggleBold().run(), editor.isActive('bold'))}
      {button(
        'Italic',
        <FormatItalic fontSize="small" />,
        () => chain().toggleItalic().run(),
        editor.isActive('italic'),
      )}
      {button('Heading', <Title fontSize="small" />, () => chain().toggleHeading({ level: 2 }).run())}
      {button('Quote', <FormatQuote fontSize="small" />, () => chain().toggleBlockquote().run())}
      {button('Bulleted list', <FormatListBulleted fontSize="small" />, () => chain().toggleBulletList().run())}
      {button('Numbered list', <FormatListNumbered fontSize="small" />, () => chain().toggleOrderedList().run())}
      {button('Insert image', <AddPhotoAlternate fontSize="small" />, () => fileInput.current?.click())}
      {button('Embed chart', <ShowChart fontSize="small" />, () => setChartOpen(true))}
      <input
        ref={fileInput}
        type="file"
        accept="image/png,image/jpeg,image/webp,image/gif"
        aria-label="Image file"
        hidden
        onChange={async (e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (!file) return;
          const url = await props.onUpload(file);
          if (url)
            chain()
              .insertContent({ type: 'image', attrs: { src: url, alt: file.name } })
              .run();
        }}
      />
      {chartOpen && (
        <EmbedChartDialog
          onClose={() => setChartOpen(false)}
          onEmbed={(token) => chain().insertContent({ type: 'chart', attrs: { token } }).run()}
        />
      )}
    </Box>
  );
}

function EmbedChartDialog(props: { onClose: () => void; onEmbed: (token: string) => void }) {
  const [value, setValue] = useState('');
  const [error, setError] = useState('');
  return (
    <Dialog open onClose={props.onClose} aria-labelledby="embed-chart-title" fullWidth maxWidth="sm">
      <Box
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          const token = chartTokenOf(value);
          if (!token) {
            setError('Paste a chart’s share link (…/shared/charts/…): share the chart from the chart page first.');
            return;
          }
          props.onEmbed(token);
          props.onClose();
        }}
      >
        <DialogTitle id="embed-chart-title">Embed a live chart</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label="Chart share link"
            value={value}
            onChange={(e) => {
              setValue(e.target.value);
              setError('');
            }}
            error={Boolean(error)}
            helperText={error || 'Readers see the chart live, as its share link shows it.'}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose}>Cancel</Button>
          <Button type="submit" variant="contained">
            Embed
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
