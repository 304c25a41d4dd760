/**
 * The docs against the code: every {@code spate} command, {@code fill.yaml} example, service
 * request and response and link of the pages a user reads is checked without a server ({@code
 * DocSnippetsTest}), and the blocks marked {@code <!-- checked: ... -->} run against real databases
 * ({@code DocCommandsIT}), and docs/service.md's requests, responses, errors and metrics are sent
 * to and compared with a running service ({@code DocServiceIT}). The option tables are {@code
 * settings.DocsOptionTablesTest}'s.
 */
package io.spate.coordinator.docs;
