import AttachFile from '@mui/icons-material/AttachFile';
import LibraryBooksOutlined from '@mui/icons-material/LibraryBooksOutlined';
import Send from '@mui/icons-material/Send';
import StopCircleOutlined from '@mui/icons-material/StopCircleOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { type AiMediaFile, type AiMention, addMentions } from '@tradedesk/contracts';
import { lazy, Suspense, useRef, useState } from 'react';
import { toast } from '../../../shared/toast/toast';
import { useAiPromptsQuery } from '../ai-api';
import type { AiPrompt } from '../ai-wire';
import { matchingCommands, mentionLabel, promptVariables, slashQuery } from '../prompt-text';
import { uploadAiMedia } from '../sse';
import { MentionPicker, useMentionNames } from './mention-picker';
import { PromptLibraryDialog, PromptVariablesDialog } from './prompt-library-dialog';

/** The media library (web-ai-2's), loaded when first opened: it attaches files already uploaded. */
const MediaLibraryDialog = lazy(() =>
  import('../agents/components/media-library-dialog').then((m) => ({ default: m.MediaLibraryDialog })),
);

export type ComposerDraft = { text: string; mentions: AiMention[]; media: AiMediaFile[]; deepResearch: boolean };
export const emptyDraft: ComposerDraft = { text: '', mentions: [], media: [], deepResearch: false };

type MediaKind = 'document' | 'image' | 'scanned';
const ACCEPT: Record<MediaKind, string> = {
  document: '.pdf,.docx,.txt,.md,.csv,application/pdf,text/plain,text/markdown,text/csv',
  image: 'image/png,image/jpeg,image/webp',
  scanned: 'image/png,image/jpeg,image/webp',
};

/**
 * The message composer: text (Enter sends, Shift+Enter a new line), mentions (never the same one twice), slash
 * commands from the prompt library, the library itself, the add-media dropdown (document, image, scanned image,
 * chart snapshot) and the deep search toggle. The draft is the caller's, so Redo can put a message back into it.
 */
export function Composer(props: {
  draft: ComposerDraft;
  onDraft: (draft: ComposerDraft) => void;
  onSend: (draft: ComposerDraft) => void;
  onChartSnapshot: (input: { symbol: string; timeframe: string }) => void;
  running: boolean;
  onCancel: () => void;
  disabled?: string | null;
}) {
  const { draft, onDraft } = props;
  const names = useMentionNames();
  const prompts = useAiPromptsQuery();
  const [library, setLibrary] = useState(false);
  const [variablesOf, setVariablesOf] = useState<AiPrompt | null>(null);
  const [mediaMenu, setMediaMenu] = useState<HTMLElement | null>(null);
  const [snapshot, setSnapshot] = useState(false);
  const [mediaLibrary, setMediaLibrary] = useState(false);
  const [snap, setSnap] = useState({ symbol: 'EURUSD', timeframe: '1h' });
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const [kind, setKind] = useState<MediaKind>('document');

  const slash = slashQuery(draft.text);
  const commands = slash === null ? [] : matchingCommands(prompts.data ?? [], slash).slice(0, 6);
  const applyPrompt = (p: AiPrompt) => {
    setLibrary(false);
    if (promptVariables(p.prompt).length) setVariablesOf(p);
    else onDraft({ ...draft, text: p.prompt });
  };
  const canSend = !props.running && !props.disabled && !uploading && draft.text.trim().length > 0;
  const send = () => {
    if (canSend) props.onSend(draft);
  };

  async function upload(files: FileList | null) {
    const file = files?.[0];
    if (!file) return;
    setUploading(true);
    const result = await uploadAiMedia(file, kind);
    setUploading(false);
    if (fileInput.current) fileInput.current.value = '';
    if (!result.ok) {
      toast.error(result.message, { title: `${file.name} was not added` });
      return;
    }
    onDraft({ ...draft, media: [...draft.media.filter((m) => m.id !== result.media.id), result.media] });
  }

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label="Message composer"
      sx={{ p: 1, display: 'grid', gap: 0.75 }}
    >
      {(draft.mentions.length > 0 || draft.media.length > 0) && (
        <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }} aria-label="Attached">
          {draft.mentions.map((m) => (
            <Chip
              key={`${m.category}:${m.option}:${m.subOption ?? ''}`}
              size="small"
              label={mentionLabel(m, names)}
              onDelete={() => onDraft({ ...draft, mentions: draft.mentions.filter((x) => x !== m) })}
            />
          ))}
          {draft.media.map((m) => (
            <Chip
              key={m.id}
              size="small"
              icon={<AttachFile />}
              label={m.name}
              onDelete={() => onDraft({ ...draft, media: draft.media.filter((x) => x.id !== m.id) })}
            />
          ))}
        </Box>
      )}
      <Box sx={{ position: 'relative' }}>
        <TextField
          fullWidth
          multiline
          maxRows={8}
          label="Ask about your trading"
          placeholder="How did I do this week?  Type / for your prompts."
          value={draft.text}
          disabled={Boolean(props.disabled)}
          helperText={props.disabled ?? undefined}
          onChange={(e) => onDraft({ ...draft, text: e.target.value.slice(0, 8000) })}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              if (commands[0]) applyPrompt(commands[0]);
              else send();
            }
          }}
        />
        {commands.length > 0 && (
          <Paper elevation={6} sx={{ position: 'absolute', bottom: '100%', left: 0, right: 0, zIndex: 2 }}>
            <List dense aria-label="Slash commands">
              {commands.map((p) => (
                <ListItemButton key={p.id} onClick={() => applyPrompt(p)}>
                  <ListItemText primary={p.command ? `/${p.command}` : p.name} secondary={p.name} />
                </ListItemButton>
              ))}
            </List>
          </Paper>
        )}
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}>
        <MentionPicker onAdd={(m) => onDraft({ ...draft, mentions: addMentions(draft.mentions, [m]) })} />
        <IconButton aria-label="Prompt library" onClick={() => setLibrary(true)}>
          <LibraryBooksOutlined />
        </IconButton>
        <Button
          size="small"
          startIcon={<AttachFile />}
          aria-haspopup="menu"
          disabled={uploading}
          onClick={(e) => setMediaMenu(e.currentTarget)}
        >
          {uploading ? 'Uploading…' : 'Add media'}
        </Button>
        <Menu anchorEl={mediaMenu} open={Boolean(mediaMenu)} onClose={() => setMediaMenu(null)}>
          {(['document', 'image', 'scanned'] as const).map((k) => (
            <MenuItem
              key={k}
              onClick={() => {
                setKind(k);
                setMediaMenu(null);
                if (fileInput.current) {
                  fileInput.current.accept = ACCEPT[k];
                  fileInput.current.click();
                }
              }}
            >
              {k === 'document' ? 'Document' : k === 'image' ? 'Image' : 'Scanned image'}
            </MenuItem>
          ))}
          <MenuItem
            onClick={() => {
              setMediaMenu(null);
              setSnapshot(true);
            }}
          >
            Chart snapshot
          </MenuItem>
          <MenuItem
            onClick={() => {
              setMediaMenu(null);
              setMediaLibrary(true);
            }}
          >
            From my library…
          </MenuItem>
        </Menu>
        <input
          ref={fileInput}
          type="file"
          hidden
          aria-label="Media file"
          onChange={(e) => void upload(e.target.files)}
        />
        <FormControlLabel
          control={
            <Switch
              size="small"
              checked={draft.deepResearch}
              onChange={(e) => onDraft({ ...draft, deepResearch: e.target.checked })}
            />
          }
          label="Deep search"
        />
        <Box sx={{ flexGrow: 1 }} />
        {props.running ? (
          <Button startIcon={<StopCircleOutlined />} onClick={props.onCancel}>
            Stop
          </Button>
        ) : (
          <Button variant="contained" endIcon={<Send />} disabled={!canSend} onClick={send}>
            Send
          </Button>
        )}
      </Box>
      {library && <PromptLibraryDialog onPick={applyPrompt} onClose={() => setLibrary(false)} />}
      {variablesOf && (
        <PromptVariablesDialog
          prompt={variablesOf}
          onClose={() => setVariablesOf(null)}
          onUse={(text) => {
            setVariablesOf(null);
            onDraft({ ...draft, text });
          }}
        />
      )}
      {mediaLibrary && (
        <Suspense fallback={null}>
          <MediaLibraryDialog
            open
            onClose={() => setMediaLibrary(false)}
            pickLabel="Attach"
            onPick={(items) => {
              setMediaLibrary(false);
              const picked: AiMediaFile[] = items.map(({ id, name, type, size, lastModified, fileUrl }) => ({
                id,
                name,
                type,
                size,
                lastModified,
                fileUrl,
              }));
              const ids = new Set(picked.map((m) => m.id));
              onDraft({ ...draft, media: [...draft.media.filter((m) => !ids.has(m.id)), ...picked].slice(0, 10) });
            }}
          />
        </Suspense>
      )}
      <Dialog open={snapshot} onClose={() => setSnapshot(false)} aria-labelledby="ai-snapshot-title">
        <DialogTitle id="ai-snapshot-title">Analyse a chart</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          <TextField
            label="Symbol"
            value={snap.symbol}
            onChange={(e) => setSnap({ ...snap, symbol: e.target.value.toUpperCase().replace(/\s/g, '') })}
          />
          <TextField
            select
            label="Timeframe"
            value={snap.timeframe}
            onChange={(e) => setSnap({ ...snap, timeframe: e.target.value })}
          >
            {['5m', '15m', '1h', '4h', '1d'].map((t) => (
              <MenuItem key={t} value={t}>
                {t}
              </MenuItem>
            ))}
          </TextField>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setSnapshot(false)}>Cancel</Button>
          <Button
            variant="contained"
            disabled={!snap.symbol || props.running}
            onClick={() => {
              setSnapshot(false);
              props.onChartSnapshot(snap);
            }}
          >
            Analyse the chart
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
