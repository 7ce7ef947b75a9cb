import { NotAvailableScreen } from '../../features/placeholders/components/NotAvailableScreen';

/** Every page whose feature comes later (the task platform, records, deposits, ...). */
export default function PlaceholderPage() {
  return <NotAvailableScreen />;
}
