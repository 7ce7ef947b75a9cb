/**
 * What a run started, stopped in reverse order at the end, on failure and on Ctrl-C too (the cluster
 * test and `npm run bench -- cluster`). Answers the list to push steps on and the function that runs them.
 */
export function stopOnExit(): { toStop: (() => Promise<unknown>)[]; cleanUp: () => Promise<void> } {
  const toStop: (() => Promise<unknown>)[] = [];
  const cleanUp = async () => {
    for (const step of toStop.splice(0).reverse()) await step().catch((error: Error) => console.error(`cleanup: ${error.message}`));
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      console.error(`${signal}: stopping the cluster`);
      void cleanUp().finally(() => process.exit(130));
    });
  return { toStop, cleanUp };
}
