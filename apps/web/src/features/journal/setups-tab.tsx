import { EmptyState } from '../../shared/states/empty-state';

/** The setup_view tab: the manual setups (user-data store activeCharts/manualSetups). */
export function SetupsTab() {
  return <EmptyState title="Setups are not available yet." />;
}
