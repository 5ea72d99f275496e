import { MicIcon } from '@/components/ui/first-screen-icons';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { AssistantLauncher } from './assistant-launcher';

const load = () => import('./voice/voice-panel');
const VoicePanel = lazy(async () => ({ default: (await load()).VoicePanel }));

/**
 * The voice assistant's button (landing page and dashboards); the panel loads on first use.
 * `isLabelShown`: with its name beside the microphone (the landing page's hero, which has no title row).
 */
export function VoiceLauncher({ isLabelShown = false }: { isLabelShown?: boolean }) {
  const { t } = useTranslation('common');
  return (
    <AssistantLauncher
      id="voice-assistant"
      label={t('assistant.voice')}
      icon={<MicIcon aria-hidden />}
      panel={VoicePanel}
      preload={load}
      isLabelShown={isLabelShown}
    />
  );
}
