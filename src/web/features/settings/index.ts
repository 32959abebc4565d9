export { AppSettingsModal } from './components/app-settings-modal';
export { AppSettingsPage } from './components/app-settings-page';
