/**
 * Workflow interceptor for test/integration/replay-commands.test.ts: hands every activity and
 * child workflow the replayed code schedules, with its arguments, to the `commands` sink (called
 * during replay too), so the test can compare them with the ones the history recorded.
 */
import { proxySinks, type Sinks, type WorkflowInterceptorsFactory } from '@temporalio/workflow';

export interface CommandSinks extends Sinks {
  commands: { record(kind: 'activity' | 'child', type: string, args: unknown[]): void };
}

const { commands } = proxySinks<CommandSinks>();

export const interceptors: WorkflowInterceptorsFactory = () => ({
  outbound: [
    {
      scheduleActivity(input, next) {
        commands.record('activity', input.activityType, input.args);
        return next(input);
      },
      startChildWorkflowExecution(input, next) {
        commands.record('child', input.workflowType, input.options.args ?? []);
        return next(input);
      },
    },
  ],
});
