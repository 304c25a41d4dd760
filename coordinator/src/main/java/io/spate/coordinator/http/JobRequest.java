package io.spate.coordinator.http;

import io.spate.core.settings.Settings;
import java.util.List;
import java.util.Map;

/**
 * The body of {@code POST /jobs}: what {@code spate submit} takes on its command line, minus
 * everything secret. The service resolves {@code target} to a database it holds the credentials of;
 * a request never carries a URL or a password. Absent fields take the CLI's defaults. Each field is
 * declared, with its default and bounds, in {@link Settings#JOB_REQUEST}; the service checks every
 * field against it and answers 400 listing every problem.
 *
 * @param target the target name (default: {@code default}, the service's {@code --db})
 * @param config the fill configuration: the YAML text of a {@code fill.yaml}
 * @param schemas schemas whose tables are filled (default: every schema that holds tables, as
 *     {@code --schema} says)
 * @param rows row counts by table, like {@code --rows TABLE=N}
 * @param maxAttempts attempts of a task failing with a retriable error (default: the service's)
 * @param stallSeconds a started task silent this long is published again (default: the service's)
 * @param disableTriggers load with user triggers off, like {@code --disable-triggers} (default
 *     false)
 */
public record JobRequest(
    String target,
    String config,
    List<String> schemas,
    Long seed,
    Map<String, Long> rows,
    Long defaultRows,
    Long taskRows,
    Boolean truncate,
    Integer maxAttempts,
    Long stallSeconds,
    Boolean disableTriggers) {}
