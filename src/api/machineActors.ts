import type { AnyStateMachine } from 'xstate';

/** The actor implementations a machine names in setup(), as `machine.provide()` takes them. */
export type ActorsOf<TMachine extends AnyStateMachine> = NonNullable<Parameters<TMachine['provide']>[0]['actors']>;
