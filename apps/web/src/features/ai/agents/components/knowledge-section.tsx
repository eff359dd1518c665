import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import LinkIcon from '@mui/icons-material/Link';
import UploadFile from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { isApiError } from '../../../../shared/api/api-error';
import { InlineAlert } from '../../../../shared/states/inline-alert';
import { useAddAiLinkMutation, useSetAiAgentKnowledgeMutation, useUploadAiMediaMutation } from '../agents-api';
import type { AgentKnowledgeItem, AiAgent, AiMediaItem } from '../agents-types';
import { fileTypeProblem, kindOfFile, MEDIA_ACCEPT } from '../media-types';
import { MediaLibraryDialog } from './media-library-dialog';

const KNOWLEDGE_ACCEPT = `${MEDIA_ACCEPT.document.accept},${MEDIA_ACCEPT.image.accept}`;

function messageOf(error: unknown, fallback: string): string {
  return isApiError(error) && error.message ? error.message : fallback;
}

function itemOf(media: AiMediaItem, type: AgentKnowledgeItem['type']): AgentKnowledgeItem {
  return { type, mediaId: media.id, name: media.name, mediaType: media.type };
}

/**
 * An agent's knowledge (spec section 3: file, link, type): files uploaded here or picked from the library, and web
 * pages read from a link. The server indexes them; the agent's answers cite the passages they used.
 */
export function KnowledgeSection(props: { agent: AiAgent }) {
  const { agent } = props;
  const [setKnowledge, setState] = useSetAiAgentKnowledgeMutation();
  const [upload, uploadState] = useUploadAiMediaMutation();
  const [addLink, linkState] = useAddAiLinkMutation();
  const [url, setUrl] = useState('');
  const [urlError, setUrlError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [library, setLibrary] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const busy = setState.isLoading || uploadState.isLoading || linkState.isLoading;

  async function save(items: AgentKnowledgeItem[]) {
    try {
      await setKnowledge({ id: agent.id, items }).unwrap();
      return true;
    } catch (error) {
      setProblem(messageOf(error, 'The knowledge could not be saved. Try again.'));
      return false;
    }
  }

  /** Adds items, never the same file twice. */
  async function add(more: AgentKnowledgeItem[]) {
    const have = new Set(agent.knowledge.map((k) => k.mediaId));
    const fresh = more.filter((k) => !have.has(k.mediaId));
    if (fresh.length > 0) await save([...agent.knowledge, ...fresh]);
  }

  async function onFiles(files: FileList | null) {
    setProblem(null);
    const list = [...(files ?? [])];
    const wrong = list.map((f) => (fileTypeProblem(f, kindOfFile(f)) ? f : null)).find(Boolean);
    if (wrong) {
      setProblem(fileTypeProblem(wrong, 'document'));
      return;
    }
    const uploaded: AgentKnowledgeItem[] = [];
    for (const file of list) {
      try {
        uploaded.push(itemOf(await upload({ file }).unwrap(), 'file'));
      } catch (error) {
        setProblem(messageOf(error, `${file.name} could not be uploaded. Try again.`));
        break;
      }
    }
    await add(uploaded);
  }

  async function onAddLink() {
    setProblem(null);
    const address = url.trim();
    if (!/^https?:\/\/\S+$/i.test(address)) {
      setUrlError('Link must be a web address starting with http:// or https://.');
      return;
    }
    setUrlError(null);
    try {
      const media = await addLink({ url: address }).unwrap();
      if (await save([...agent.knowledge, itemOf(media, 'link')])) setUrl('');
    } catch (error) {
      setUrlError(messageOf(error, 'The page could not be read. Check the address and try again.'));
    }
  }

  return (
    <Box component="section" aria-labelledby="agent-knowledge-title" sx={{ display: 'grid', gap: 1.5 }}>
      <Typography id="agent-knowledge-title" component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
        Knowledge
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Documents and pages the agent reads before it answers. Its answers cite the passages they used. Text in them is
        read as information only: it can never make the agent act.
      </Typography>
      {agent.knowledge.length === 0 ? (
        <Typography variant="body2">No knowledge yet: upload a document or add a link.</Typography>
      ) : (
        <List dense aria-label="Knowledge items" disablePadding>
          {agent.knowledge.map((item) => (
            <ListItem
              key={item.mediaId}
              disableGutters
              secondaryAction={
                <IconButton
                  edge="end"
                  aria-label={`Remove ${item.name}`}
                  disabled={busy}
                  onClick={() => {
                    setProblem(null);
                    void save(agent.knowledge.filter((k) => k.mediaId !== item.mediaId));
                  }}
                >
                  <DeleteOutlined fontSize="small" />
                </IconButton>
              }
            >
              <ListItemIcon sx={{ minWidth: 32 }}>
                {item.type === 'link' ? (
                  <LinkIcon fontSize="small" aria-hidden />
                ) : (
                  <DescriptionOutlined fontSize="small" aria-hidden />
                )}
              </ListItemIcon>
              <ListItemText primary={item.name} secondary={item.type === 'link' ? 'Link' : 'File'} />
            </ListItem>
          ))}
        </List>
      )}
      {problem && <InlineAlert severity="error">{problem}</InlineAlert>}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          startIcon={<UploadFile />}
          disabled={busy}
          onClick={() => fileInput.current?.click()}
        >
          {uploadState.isLoading ? 'Uploading…' : 'Upload document'}
        </Button>
        <Button variant="text" disabled={busy} onClick={() => setLibrary(true)}>
          Add from library
        </Button>
        <input
          ref={fileInput}
          type="file"
          hidden
          multiple
          accept={KNOWLEDGE_ACCEPT}
          aria-label="Choose documents for the agent's knowledge"
          onChange={(event) => {
            void onFiles(event.target.files);
            event.target.value = '';
          }}
        />
      </Box>
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void onAddLink();
        }}
        sx={{ display: 'flex', gap: 1, alignItems: 'start' }}
      >
        <TextField
          size="small"
          fullWidth
          type="url"
          label="Link to a web page"
          placeholder="https://"
          value={url}
          error={Boolean(urlError)}
          helperText={urlError ?? undefined}
          onChange={(e) => {
            setUrl(e.target.value);
            setUrlError(null);
          }}
        />
        <Button type="submit" variant="outlined" disabled={busy || !url.trim()} sx={{ flexShrink: 0, mt: '2px' }}>
          {linkState.isLoading ? 'Reading…' : 'Add link'}
        </Button>
      </Box>
      <MediaLibraryDialog
        open={library}
        onClose={() => setLibrary(false)}
        pickLabel="Add to knowledge"
        onPick={(items) => {
          setLibrary(false);
          setProblem(null);
          void add(items.map((m) => itemOf(m, m.kind === 'link' ? 'link' : 'file')));
        }}
      />
    </Box>
  );
}
