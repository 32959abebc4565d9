export { AppSettingsModal, type AppSettingsModalProps } from './components/app-settings-modal';
export { AppSettingsPage } from './components/app-settings-page';
export { applyFontSize, applyStoredFontSize } from './lib/font-size';
