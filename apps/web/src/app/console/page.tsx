// /console: the operator's work queues at a glance.
import { Overview } from './_components/Overview';

export default function ConsoleHome() {
  return <Overview />;
}
