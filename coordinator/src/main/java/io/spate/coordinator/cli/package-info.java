/**
 * The {@code spate} command line (picocli): option declarations, connection set-up and the
 * commands, which only wire the introspector, planner and runners together.
 */
package io.spate.coordinator.cli;
