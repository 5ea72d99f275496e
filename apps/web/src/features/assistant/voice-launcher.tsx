import { MicIcon } from '@/components/ui/first-screen-icons';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { FloatingLauncher } from './floating-launcher';

const load = () => import('./voice/voice-panel');
const VoicePanel = lazy(async () => ({ default: (await load()).VoicePanel }));

/** The voice assistant's button (landing page and dashboards); the panel loads on first use. */
export function VoiceLauncher() {
  const { t } = useTranslation('common');
  return (
    <FloatingLauncher id="voice-assistant" label={t('assistant.voice')} icon={<MicIcon aria-hidden />} panel={VoicePanel} preload={load} className="bottom-4" />
  );
}
