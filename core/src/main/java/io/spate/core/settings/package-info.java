/**
 * The coordinator's catalog of settings: every option of its commands, every key of {@code
 * fill.yaml} and every field of a job request, declared once with default, bounds and meaning.
 */
package io.spate.core.settings;
