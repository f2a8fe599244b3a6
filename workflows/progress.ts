/** A `progress` query every long workflow answers, so the CLI and the bot can show what it is doing. */
import { defineQuery, setHandler } from '@temporalio/workflow';

export const progressQuery = defineQuery<string>('progress');

/** Registers the query; call the returned function at each stage. */
export function trackProgress(initial = 'starting'): (stage: string) => void {
  let stage = initial;
  setHandler(progressQuery, () => stage);
  return (s) => {
    stage = s;
  };
}
