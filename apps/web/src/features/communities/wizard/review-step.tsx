import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { COMMUNITY_CATEGORIES } from '@tradedesk/contracts';
import type { ReactNode } from 'react';
import { useFilePreview } from '../../../shared/forms/use-file-preview';
import {
  PLATFORM_OPTIONS,
  SIZE_OPTIONS,
  TYPE_OPTIONS,
  VISIBILITY_OPTIONS,
  type WizardState,
  type WizardStep,
} from './wizard-model';

function Row(props: { label: string; step: WizardStep; onEdit: (step: WizardStep) => void; children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '200px minmax(0, 1fr) auto' },
        gap: 1,
        py: 1.25,
        borderBottom: 1,
        borderColor: 'divider',
        alignItems: 'center',
      }}
    >
      <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
        {props.label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {props.children}
      </Typography>
      <Button size="small" onClick={() => props.onEdit(props.step)} aria-label={`Edit ${props.label.toLowerCase()}`}>
        Edit
      </Button>
    </Box>
  );
}

const categoryName = (id: string) => COMMUNITY_CATEGORIES.find((c) => c.id === id)?.name ?? id;

/** Everything entered, each with a way back to its step; nothing is created before Create. */
export function ReviewStep(props: { state: WizardState; onEdit: (step: WizardStep) => void }) {
  const s = props.state;
  const image = useFilePreview(s.image);
  const banner = useFilePreview(s.banner);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {banner && (
        <Box
          component="img"
          src={banner}
          alt="Banner preview"
          sx={{ width: '100%', aspectRatio: '4 / 1', objectFit: 'cover', borderRadius: 1 }}
        />
      )}
      <Box component="dl" aria-label="Your community" sx={{ m: 0 }}>
        <Row label="Type" step="community_type" onEdit={props.onEdit}>
          {s.type ? TYPE_OPTIONS[s.type].label : '—'}
        </Row>
        <Row label="Existing community" step="existing_community" onEdit={props.onEdit}>
          {s.existingCommunityUrl.trim() || 'None'}
        </Row>
        <Row label="Size" step="existing_community" onEdit={props.onEdit}>
          {s.communitySize ? SIZE_OPTIONS[s.communitySize] : '—'}
        </Row>
        <Row label="Platforms" step="platforms" onEdit={props.onEdit}>
          {s.platforms.length ? s.platforms.map((p) => PLATFORM_OPTIONS[p]).join(', ') : 'None'}
        </Row>
        <Row label="Visibility" step="visibility" onEdit={props.onEdit}>
          {s.visibility ? VISIBILITY_OPTIONS[s.visibility].label : '—'}
        </Row>
        <Row label="Name" step="identity" onEdit={props.onEdit}>
          {image && (
            <Box
              component="img"
              src={image}
              alt="Image preview"
              sx={{ width: 24, height: 24, borderRadius: 0.5, mr: 1, verticalAlign: 'middle' }}
            />
          )}
          {s.name}
        </Row>
        <Row label="Handle" step="identity" onEdit={props.onEdit}>
          @{s.handle}
        </Row>
        <Row label="Categories" step="identity" onEdit={props.onEdit}>
          {s.categories.map(categoryName).join(', ') || '—'}
        </Row>
        <Row label="Description" step="identity" onEdit={props.onEdit}>
          {s.description.trim() || 'None'}
        </Row>
        <Row label="Image and banner" step="identity" onEdit={props.onEdit}>
          {[s.image ? 'Image' : null, s.banner ? 'Banner' : null].filter(Boolean).join(' and ') || 'None'}
        </Row>
      </Box>
    </Box>
  );
}
