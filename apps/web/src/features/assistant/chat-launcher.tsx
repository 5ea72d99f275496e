import { MessageCircleIcon } from 'lucide-react';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { AssistantLauncher } from './assistant-launcher';

const load = () => import('./chat/chat-panel');
const ChatPanel = lazy(async () => ({ default: (await load()).ChatPanel }));

/**
 * The AI chat's button (rider dashboard, booking, driver console), beside the voice button; the panel
 * loads on first use. Needs the data providers (query cache, realtime socket) around the page.
 */
export function ChatLauncher() {
  const { t } = useTranslation('common');
  return <AssistantLauncher id="ai-chat" label={t('assistant.chat')} icon={<MessageCircleIcon aria-hidden />} panel={ChatPanel} preload={load} />;
}
