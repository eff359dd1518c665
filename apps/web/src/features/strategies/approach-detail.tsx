import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  type Approach,
  type ApproachStatus,
  type Condition,
  type Criterion,
  STRATEGY_LIMITS,
  STRATEGY_TEXT_MAX,
} from '@tradedesk/contracts';
import { useState } from 'react';
import { useFormatters } from '../../shared/format/format-preferences';
import { DeleteDialog } from '../charts/workspace/delete-dialog';
import { statusLabels } from './approaches-panel';
import { APPROACH_STATUSES } from './approaches-state';
import { ImageUploadButton } from './image-upload';
import { AddForm, EditableText, failureText } from './inline-edit';
import { LabelsEditor } from './labels-editor';
import {
  type ConditionRef,
  useAddApproachLabelMutation,
  useCreateChecklistItemMutation,
  useCreateCommentMutation,
  useCreateConditionMutation,
  useCreateCriterionMutation,
  useDeleteApproachMutation,
  useDeleteChecklistItemMutation,
  useDeleteCommentMutation,
  useDeleteConditionImageMutation,
  useDeleteConditionMutation,
  useDeleteCriterionMutation,
  useRemoveApproachLabelMutation,
  useUpdateApproachMutation,
  useUpdateChecklistItemMutation,
  useUpdateCommentMutation,
  useUpdateConditionMutation,
  useUpdateCriterionMutation,
  useUploadConditionImageMutation,
} from './strategies-api';

type Pending = { name: string; description: string; run(): Promise<unknown> };

/** A delete confirmation for any of the approach's parts: `ask` opens it, `dialog` renders it. */
function useConfirmDelete() {
  const [pending, setPending] = useState<Pending | null>(null);
  const dialog = pending && (
    <DeleteDialog
      name={pending.name}
      description={pending.description}
      onClose={() => setPending(null)}
      onDelete={async () => {
        await pending.run();
      }}
    />
  );
  return { ask: setPending, dialog };
}

type Ask = (p: Pending) => void;
/** Runs a change that answers the approach, and hands the answer to the screen's state. */
type Change = (call: Promise<Approach>) => Promise<Approach>;

/** The selected approach: name, status, labels, criteria → conditions → checklist, images, comments. */
export function ApproachDetail(props: {
  strategyId: string;
  approach: Approach;
  onChanged(approach: Approach): void;
  onDeleted(id: string): void;
}) {
  const { approach } = props;
  const ref = { id: props.strategyId, approachId: approach.id };
  const [updateApproach] = useUpdateApproachMutation();
  const [deleteApproach] = useDeleteApproachMutation();
  const [addLabel] = useAddApproachLabelMutation();
  const [removeLabel] = useRemoveApproachLabelMutation();
  const [createCriterion] = useCreateCriterionMutation();
  const [statusError, setStatusError] = useState<string | null>(null);
  const confirm = useConfirmDelete();
  const change: Change = async (call) => {
    const next = await call;
    props.onChanged(next);
    return next;
  };

  return (
    <Box
      component="article"
      aria-labelledby="approach-title"
      sx={{ borderTop: 1, borderColor: 'divider', pt: 2, display: 'grid', gap: 2, minWidth: 0 }}
    >
      <Typography id="approach-title" variant="overline" component="h4" sx={{ color: 'text.secondary', mb: -1.5 }}>
        Approach
      </Typography>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <Box sx={{ flex: '1 1 280px', display: 'flex', minWidth: 0 }}>
          <EditableText
            what="approach name"
            value={approach.name}
            variant="subtitle1"
            maxLength={STRATEGY_TEXT_MAX.name}
            onSave={(name) => change(updateApproach({ ...ref, name }).unwrap())}
            onDelete={() =>
              confirm.ask({
                name: approach.name,
                description:
                  'The approach is deleted with its labels, criteria, conditions, checklists, images and comments.',
                run: async () => {
                  await deleteApproach(ref).unwrap();
                  props.onDeleted(approach.id);
                },
              })
            }
          />
        </Box>
        <TextField
          select
          size="small"
          label="Status"
          value={approach.status}
          error={Boolean(statusError)}
          helperText={statusError ?? undefined}
          onChange={async (e) => {
            setStatusError(null);
            try {
              await change(updateApproach({ ...ref, status: e.target.value as ApproachStatus }).unwrap());
            } catch (failure) {
              setStatusError(failureText(failure, 'The status could not be changed; try again.'));
            }
          }}
          sx={{ width: 170 }}
        >
          {APPROACH_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {statusLabels[s]}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {approach.description ? (
        <EditableText
          what="approach description"
          value={approach.description}
          multiline
          maxLength={STRATEGY_TEXT_MAX.description}
          onSave={(description) => change(updateApproach({ ...ref, description }).unwrap())}
          onDelete={() =>
            confirm.ask({
              name: 'the description',
              description: "The approach's description is cleared; the approach stays.",
              run: () => change(updateApproach({ ...ref, description: '' }).unwrap()),
            })
          }
        />
      ) : (
        <AddForm
          label="Description"
          buttonLabel="Add description"
          multiline
          maxLength={STRATEGY_TEXT_MAX.description}
          onAdd={(description) => change(updateApproach({ ...ref, description }).unwrap())}
        />
      )}
      <LabelsEditor
        labels={approach}
        onAdd={(kind, value) => change(addLabel({ ...ref, kind, value }).unwrap())}
        onRemove={(kind, value) => change(removeLabel({ ...ref, kind, value }).unwrap())}
      />
      <Box component="section" aria-labelledby="criteria-title" sx={{ display: 'grid', gap: 1.5 }}>
        <Typography id="criteria-title" variant="subtitle1" component="h4" sx={{ fontWeight: 600 }}>
          Criteria
        </Typography>
        {approach.criteria.length === 0 && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            No criteria yet. A criterion ("Trend") holds conditions ("Price above the 200 EMA"), and each condition its
            checklist.
          </Typography>
        )}
        {approach.criteria.map((c) => (
          <CriterionCard key={c.id} approachRef={ref} criterion={c} change={change} ask={confirm.ask} />
        ))}
        {approach.criteria.length < STRATEGY_LIMITS.criteriaPerApproach && (
          <AddForm
            label="Criterion"
            buttonLabel="Add criterion"
            maxLength={STRATEGY_TEXT_MAX.criterion}
            onAdd={(name) => change(createCriterion({ ...ref, name }).unwrap())}
          />
        )}
      </Box>
      {confirm.dialog}
    </Box>
  );
}

function CriterionCard(props: {
  approachRef: { id: string; approachId: string };
  criterion: Criterion;
  change: Change;
  ask: Ask;
}) {
  const { criterion: c, change } = props;
  const ref = { ...props.approachRef, criteriaId: c.id };
  const [updateCriterion] = useUpdateCriterionMutation();
  const [deleteCriterion] = useDeleteCriterionMutation();
  const [createCondition] = useCreateConditionMutation();
  return (
    <Box
      role="group"
      aria-label={`Criterion ${c.name}`}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, display: 'grid', gap: 1.5 }}
    >
      <EditableText
        what="criterion"
        value={c.name}
        variant="subtitle2"
        maxLength={STRATEGY_TEXT_MAX.criterion}
        onSave={(name) => change(updateCriterion({ ...ref, name }).unwrap())}
        onDelete={() =>
          props.ask({
            name: c.name,
            description: 'The criterion is deleted with its conditions, checklists, images and comments.',
            run: () => change(deleteCriterion(ref).unwrap()),
          })
        }
      />
      <Box sx={{ display: 'grid', gap: 1.5, pl: { xs: 1, md: 2 }, borderLeft: 2, borderColor: 'divider' }}>
        {c.conditions.length === 0 && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            No conditions yet.
          </Typography>
        )}
        {c.conditions.map((d) => (
          <ConditionCard
            key={d.id}
            conditionRef={{ ...ref, conditionId: d.id }}
            condition={d}
            change={change}
            ask={props.ask}
          />
        ))}
        {c.conditions.length < STRATEGY_LIMITS.conditionsPerCriterion && (
          <AddForm
            label="Condition"
            buttonLabel="Add condition"
            multiline
            maxLength={STRATEGY_TEXT_MAX.condition}
            onAdd={(text) => change(createCondition({ ...ref, text }).unwrap())}
          />
        )}
      </Box>
    </Box>
  );
}

function ConditionCard(props: { conditionRef: ConditionRef; condition: Condition; change: Change; ask: Ask }) {
  const { condition: d, change, conditionRef: ref } = props;
  const f = useFormatters();
  const [updateCondition] = useUpdateConditionMutation();
  const [deleteCondition] = useDeleteConditionMutation();
  const [createItem] = useCreateChecklistItemMutation();
  const [updateItem] = useUpdateChecklistItemMutation();
  const [deleteItem] = useDeleteChecklistItemMutation();
  const [uploadImage] = useUploadConditionImageMutation();
  const [deleteImage] = useDeleteConditionImageMutation();
  const [createComment] = useCreateCommentMutation();
  const [updateComment] = useUpdateCommentMutation();
  const [deleteComment] = useDeleteCommentMutation();
  const checklist = [...d.checklist].sort((a, b) => a.order - b.order);
  return (
    <Box role="group" aria-label={`Condition ${d.text}`} sx={{ display: 'grid', gap: 1 }}>
      <EditableText
        what="condition"
        value={d.text}
        multiline
        maxLength={STRATEGY_TEXT_MAX.condition}
        onSave={(text) => change(updateCondition({ ...ref, text }).unwrap())}
        onDelete={() =>
          props.ask({
            name: d.text,
            description: 'The condition is deleted with its checklist, images and comments.',
            run: () => change(deleteCondition(ref).unwrap()),
          })
        }
      />
      <Box sx={{ pl: { xs: 1, md: 2 }, display: 'grid', gap: 1 }}>
        <Typography variant="caption" component="h5" sx={{ color: 'text.secondary', fontWeight: 600 }}>
          Checklist
        </Typography>
        {checklist.length === 0 ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            No checklist items yet.
          </Typography>
        ) : (
          // Numbered in their order, not boxes to tick: the playbook defines the items, and a trade's journal
          // annotation is where they are ticked as met.
          <Box component="ol" aria-label="Checklist" sx={{ m: 0, p: 0, display: 'grid', gap: 0.5 }}>
            {checklist.map((item, i) => (
              <Box component="li" key={item.id} sx={{ listStyle: 'none', display: 'flex' }}>
                <EditableText
                  what="checklist item"
                  value={item.text}
                  maxLength={STRATEGY_TEXT_MAX.checklist}
                  onSave={(text) => change(updateItem({ ...ref, itemId: item.id, text }).unwrap())}
                  onDelete={() =>
                    props.ask({
                      name: item.text,
                      description: 'The checklist item is deleted; journal trades that met it lose that mark.',
                      run: () => change(deleteItem({ ...ref, itemId: item.id }).unwrap()),
                    })
                  }
                >
                  <Box
                    component="span"
                    aria-hidden
                    sx={{
                      color: 'text.secondary',
                      minWidth: 20,
                      textAlign: 'right',
                      fontVariantNumeric: 'tabular-nums',
                    }}
                  >
                    {i + 1}.
                  </Box>
                </EditableText>
              </Box>
            ))}
          </Box>
        )}
        {checklist.length < STRATEGY_LIMITS.checklistPerCondition && (
          <AddForm
            label="Checklist item"
            buttonLabel="Add checklist item"
            maxLength={STRATEGY_TEXT_MAX.checklist}
            onAdd={(text) => change(createItem({ ...ref, text }).unwrap())}
          />
        )}

        <Typography variant="caption" component="h5" sx={{ color: 'text.secondary', fontWeight: 600, mt: 1 }}>
          Images
        </Typography>
        {d.images.length > 0 && (
          <Box component="ul" aria-label="Images" sx={{ m: 0, p: 0, display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            {d.images.map((img, i) => (
              <Box component="li" key={img.id} sx={{ listStyle: 'none', position: 'relative' }}>
                <Box component="a" href={img.url} target="_blank" rel="noreferrer" sx={{ display: 'block' }}>
                  <Box
                    component="img"
                    src={img.url}
                    alt={`Image ${i + 1} of the condition`}
                    loading="lazy"
                    sx={{ height: 90, maxWidth: 200, objectFit: 'cover', borderRadius: 1, display: 'block' }}
                  />
                </Box>
                <Tooltip title="Delete image">
                  <IconButton
                    size="small"
                    aria-label={`Delete image ${i + 1} of the condition`}
                    onClick={() =>
                      props.ask({
                        name: `image ${i + 1}`,
                        description: 'The image is deleted from the condition.',
                        run: () => change(deleteImage({ ...ref, imageId: img.id }).unwrap()),
                      })
                    }
                    sx={{ position: 'absolute', top: 2, right: 2, bgcolor: 'background.paper' }}
                  >
                    <DeleteOutlineIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              </Box>
            ))}
          </Box>
        )}
        {d.images.length < STRATEGY_LIMITS.imagesPerCondition && (
          <ImageUploadButton
            label="Upload an image"
            onUpload={(file) => change(uploadImage({ ...ref, file }).unwrap())}
          />
        )}

        <Typography variant="caption" component="h5" sx={{ color: 'text.secondary', fontWeight: 600, mt: 1 }}>
          Comments
        </Typography>
        {d.comments.length > 0 && (
          <Box component="ul" aria-label="Comments" sx={{ m: 0, p: 0, display: 'grid', gap: 0.5 }}>
            {d.comments.map((cm) => (
              <Box component="li" key={cm.id} sx={{ listStyle: 'none', display: 'grid' }}>
                <EditableText
                  what="comment"
                  value={cm.text}
                  multiline
                  maxLength={STRATEGY_TEXT_MAX.comment}
                  onSave={(text) => change(updateComment({ ...ref, commentId: cm.id, text }).unwrap())}
                  onDelete={() =>
                    props.ask({
                      name: 'this comment',
                      description: 'The comment is deleted.',
                      run: () => change(deleteComment({ ...ref, commentId: cm.id }).unwrap()),
                    })
                  }
                />
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {f.dateTime(cm.created)}
                </Typography>
              </Box>
            ))}
          </Box>
        )}
        {d.comments.length < STRATEGY_LIMITS.commentsPerCondition && (
          <AddForm
            label="Comment"
            buttonLabel="Add comment"
            multiline
            maxLength={STRATEGY_TEXT_MAX.comment}
            onAdd={(text) => change(createComment({ ...ref, text }).unwrap())}
          />
        )}
      </Box>
    </Box>
  );
}
