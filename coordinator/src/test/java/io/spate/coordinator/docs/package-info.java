/**
 * The docs against the code: every {@code spate} command, {@code fill.yaml} example, service
 * request and response and link of the pages a user reads is checked without a server ({@code
 * DocSnippetsTest}), and the blocks marked {@code <!-- checked: ... -->} run against real databases
 * ({@code DocCommandsIT}). The option tables are {@code settings.DocsOptionTablesTest}'s.
 */
package io.spate.coordinator.docs;
