import { EmptyState } from '../../shared/states/empty-state';

/** The details tab: rule-compliance analytics. */
export function ComplianceTab(_props: { accountIds: string[] }) {
  return <EmptyState title="Rule-compliance analytics are not available yet." />;
}
