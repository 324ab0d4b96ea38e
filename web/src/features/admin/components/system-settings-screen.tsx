import { PlatformSettingsPanel } from "./platform-settings-panel";

export default function SystemSettingsScreen() {
  return (
    <div>
      <div className="page-title"><h1>System Settings</h1><span className="badge badge-red">Admin Only</span></div>
      <PlatformSettingsPanel />
    </div>
  );
}
