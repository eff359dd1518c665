import type { AiAnswer, AiMention } from '@tradedesk/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { toast } from '../../shared/toast/toast';
import { aiApi, useAiChatQuery, useCreateAiChatMutation, useRedoAiChatMutation } from './ai-api';
import { type AiMessageBody, mentionInputs } from './ai-wire';
import type { Cut } from './components/chat-view';
import { type ComposerDraft, emptyDraft } from './components/composer';
import { useTurn } from './use-turn';

const enc = encodeURIComponent;

/**
 * One conversation of the AI screen (or of the strategies screen's AI tab): the stored chat, the composer's draft,
 * the streamed turn, and what each control does: ask, regenerate, redo, repost, history edit, chart analysis.
 * A first message creates the chat; with an agent, the agent's chat route creates or continues it.
 */
export function useConversation(options: {
  chatId: string;
  onChat: (id: string) => void;
  agentId: string | null;
  folderId?: string | null;
  /** Mentions every message carries (the strategies tab: its strategy). */
  baseMentions?: AiMention[];
  title?: string;
}) {
  const { chatId, onChat, agentId } = options;
  const chat = useAiChatQuery(chatId, { skip: !chatId });
  const [createChat] = useCreateAiChatMutation();
  const [redo] = useRedoAiChatMutation();
  const appDispatch = useAppDispatch();
  const [draft, setDraft] = useState<ComposerDraft>({ ...emptyDraft, mentions: options.baseMentions ?? [] });
  const [cut, setCut] = useState<Cut>(null);
  const onChatRef = useRef(onChat);
  onChatRef.current = onChat;
  const currentChat = useRef(chatId);
  currentChat.current = chatId;
  const {
    state: turn,
    run,
    cancel,
    reset,
    retry,
  } = useTurn((id) => {
    setCut(null);
    if (id && id !== currentChat.current) onChatRef.current(id);
  });

  // Opening another chat drops the turn of the one before.
  const shown = useRef(chatId);
  useEffect(() => {
    if (shown.current === chatId) return;
    if (turn.chatId !== chatId) reset();
    shown.current = chatId;
  }, [chatId, turn.chatId, reset]);

  const ensureChat = useCallback(
    async (title: string): Promise<string | null> => {
      if (currentChat.current) return currentChat.current;
      try {
        const created = await createChat({
          title: options.title ?? title.slice(0, 80),
          ...(options.folderId ? { folderId: options.folderId } : {}),
        }).unwrap();
        currentChat.current = created.id;
        onChatRef.current(created.id);
        return created.id;
      } catch {
        toast.error('The chat could not be created. Try again.');
        return null;
      }
    },
    [createChat, options.folderId, options.title],
  );

  const ask = useCallback(
    async (d: ComposerDraft) => {
      const content = d.text.trim();
      if (!content) return;
      const body: AiMessageBody = {
        content,
        mentions: mentionInputs(d.mentions),
        mediaIds: d.media.map((m) => m.id),
      };
      setDraft({ ...emptyDraft, mentions: options.baseMentions ?? [] });
      setCut(null);
      const existing = currentChat.current || undefined;
      if (d.deepResearch) {
        // Deep research (POST /ai/research): a plan run with visible progress; its answer lands in the chat.
        const research = {
          question: content,
          mentions: body.mentions,
          mediaIds: body.mediaIds,
          ...(existing ? { chatId: existing } : {}),
          ...(agentId ? { agentId } : {}),
        };
        await run({ path: '/ai/research', body: research, question: content, chatId });
        return;
      }
      if (agentId) {
        // The agent's chat route creates the chat (bound to the agent) or continues the one given.
        const path = d.media.length ? `/ai/agents/${enc(agentId)}/media-chat` : `/ai/agents/${enc(agentId)}/chat`;
        await run({ path, body: { ...body, ...(existing ? { chatId: existing } : {}) }, question: content, chatId });
        return;
      }
      const id = await ensureChat(content);
      if (!id) return;
      await run({ path: `/ai/chats/${enc(id)}/stream`, body, question: content, chatId: id });
    },
    [agentId, chatId, ensureChat, run, options.baseMentions],
  );

  const askText = useCallback(
    (text: string, mentions: AiMention[] = []) =>
      ask({ ...emptyDraft, text, mentions: [...(options.baseMentions ?? []), ...mentions] }),
    [ask, options.baseMentions],
  );

  const messages = chat.data?.messages ?? [];
  const lastUser = [...messages].reverse().find((m) => m.isUser);

  const regenerate = useCallback(
    (answer: AiAnswer) => {
      if (!chatId) return;
      setCut(Math.max(0, messages.length - 1));
      void run({
        path: `/ai/chats/${enc(chatId)}/messages/${enc(answer.response_id)}/regenerate`,
        body: {},
        question: null,
        chatId,
      });
    },
    [chatId, messages.length, run],
  );

  const redoLast = useCallback(async () => {
    if (!chatId) return;
    try {
      const previous = await redo(chatId).unwrap();
      setDraft((d) => ({
        ...d,
        text: previous.content,
        mentions: previous.mentions ?? d.mentions,
        media: previous.media ?? d.media,
      }));
    } catch {
      toast.error('The answer could not be removed. Try again.');
    }
  }, [chatId, redo]);

  const repost = useCallback(() => {
    if (!chatId || !lastUser) return;
    setCut(Math.max(0, messages.length - 2));
    void run({
      path: `/ai/chats/${enc(chatId)}/repost`,
      body: {
        content: lastUser.text,
        mentions: mentionInputs(lastUser.mentions),
        mediaIds: lastUser.media.map((m) => m.id),
      },
      question: lastUser.text,
      chatId,
    });
  }, [chatId, lastUser, messages.length, run]);

  const editMessage = useCallback(
    (entry: AiAnswer, text: string) => {
      if (!chatId) return;
      setCut(
        Math.max(
          0,
          messages.findIndex((m) => m.response_id === entry.response_id),
        ),
      );
      void run({
        path: `/ai/chats/${enc(chatId)}/messages/${enc(entry.response_id)}`,
        method: 'PUT',
        body: { content: text, mentions: mentionInputs(entry.mentions), mediaIds: entry.media.map((m) => m.id) },
        question: text,
        chatId,
      });
    },
    [chatId, messages, run],
  );

  const chartAnalysis = useCallback(
    async (input: { symbol: string; timeframe: string }) => {
      const question = `Analyse the ${input.symbol} ${input.timeframe} chart.`;
      const id = await ensureChat(question);
      if (!id) return;
      // The chart's own bars go to the analysis (not only a picture); without them it still names the chart.
      const bars = await appDispatch(
        aiApi.endpoints.aiChartBars.initiate({ symbol: input.symbol, timeframe: input.timeframe, limit: 200 }),
      );
      const candles = (bars.data ?? []).map(({ time, open, high, low, close, volume }) => ({
        time: Math.round(time),
        open,
        high,
        low,
        close,
        ...(volume !== undefined ? { volume } : {}),
      }));
      await run({
        path: `/ai/chats/${enc(id)}/chart-analysis`,
        body: { ...input, ...(candles.length ? { candles } : {}) },
        question,
        chatId: id,
      });
    },
    [appDispatch, ensureChat, run],
  );

  return {
    chat,
    messages,
    draft,
    setDraft,
    turn,
    cut,
    ask,
    askText,
    cancel,
    retry,
    regenerate,
    redoLast,
    repost,
    editMessage,
    chartAnalysis,
  };
}
