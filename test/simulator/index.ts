/**
 * The simulator's public entry point for the tools (dev, bench, the simulator process): what they
 * may use of test/simulator/ without reaching into its modules.
 */
export { Simulator, startSimulator, type LoggedRequest, type SimulatorOptions } from './server';
export { seedAttendees, type SeedOptions } from './seed';
export { DEMO_API_TOKEN } from './store';
