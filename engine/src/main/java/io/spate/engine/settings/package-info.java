/**
 * Settings declared once: a {@link io.spate.engine.settings.Setting} holds a setting's names,
 * default, bounds and meaning, and the command line's help, its bounds check and docs/cli.md's
 * tables are derived from it. The worker's catalog lives here; the coordinator's adds to it.
 */
package io.spate.engine.settings;
