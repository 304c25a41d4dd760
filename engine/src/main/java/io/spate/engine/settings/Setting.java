package io.spate.engine.settings;

import io.spate.protocol.error.Problems;
import java.util.Map;
import java.util.Optional;

/**
 * One setting, declared once: its names, type, default, bounds and one-line meaning. The command
 * line's help (through {@link SettingsHelp}), its validation (through the worker's {@code
 * CommandLineCheck}), the keys of {@code fill.yaml}, the fields of a job request and the docs'
 * option tables all read this declaration; nothing else states a default or a bound.
 *
 * <p>Invariant: {@code key} is unique in a catalog. It is the option's name without its dashes,
 * unless two commands give one option name two meanings ({@code submit --target NAME} and {@code
 * worker --target NAME=JDBC_URL}); then the option's annotation names the key ({@code
 * descriptionKey}).
 *
 * @param key the declaration's name, also the help bundle's key
 * @param option the command-line option, such as {@code --task-rows}; null when the setting is a
 *     key of {@code fill.yaml} or a field of a job request only
 * @param field the setting's key in {@code fill.yaml} or field in a job request, such as {@code
 *     taskRows}; null for a command-line-only setting
 * @param type the value's type (for a repeatable {@code KEY=VALUE} option, a map's value type)
 * @param defaultValue what applies when nothing sets it; null when there is no single value
 * @param defaultText how help and the docs state the default, {@code %s} standing for {@code
 *     defaultValue} ({@code "config, else %s"}); empty when there is nothing to state
 * @param required whether a command needs it (help says so; the command enforces it)
 * @param min the least value allowed (inclusive; for a map, of each value); null: no bound
 * @param max the greatest value allowed (inclusive); null: no bound
 * @param doc what it means, in one line
 */
public record Setting<T>(
    String key,
    String option,
    String field,
    Class<T> type,
    T defaultValue,
    String defaultText,
    boolean required,
    Number min,
    Number max,
    String doc) {

  /** A command-line option, with no default, bound or file key yet. */
  public static <T> Setting<T> option(String option, Class<T> type, String doc) {
    return new Setting<>(
        option.replaceFirst("^-+", ""), option, null, type, null, "", false, null, null, doc);
  }

  /** A key of {@code fill.yaml} or a field of a job request that has no command-line option. */
  public static <T> Setting<T> field(String field, Class<T> type, String doc) {
    return new Setting<>(field, null, field, type, null, "", false, null, null, doc);
  }

  public Setting<T> key(String newKey) {
    return new Setting<>(
        newKey, option, field, type, defaultValue, defaultText, required, min, max, doc);
  }

  public Setting<T> field(String newField) {
    return new Setting<>(
        key, option, newField, type, defaultValue, defaultText, required, min, max, doc);
  }

  /** The default, stated as its value. */
  public Setting<T> defaultValue(T value) {
    return defaultValue(value, "%s");
  }

  /** The default, stated by {@code text} ({@code %s}: the value), e.g. "config, else %s". */
  public Setting<T> defaultValue(T value, String text) {
    return new Setting<>(key, option, field, type, value, text, required, min, max, doc);
  }

  /** A default that is no single value ("the URL's, else the driver's"), stated by {@code text}. */
  public Setting<T> defaultText(String text) {
    return new Setting<>(key, option, field, type, defaultValue, text, required, min, max, doc);
  }

  public Setting<T> asRequired() {
    return new Setting<>(key, option, field, type, defaultValue, defaultText, true, min, max, doc);
  }

  public Setting<T> min(Number least) {
    return new Setting<>(
        key, option, field, type, defaultValue, defaultText, required, least, max, doc);
  }

  public Setting<T> max(Number greatest) {
    return new Setting<>(
        key, option, field, type, defaultValue, defaultText, required, min, greatest, doc);
  }

  /** The default as help and the docs state it; empty when there is none to state. */
  public String defaultLabel() {
    return defaultText.contains("%s") ? defaultText.formatted(defaultValue) : defaultText;
  }

  /** The line of {@code --help}: the meaning, then whether it is required or its default. */
  public String help() {
    if (required) {
      return doc + " (required)";
    }
    String label = defaultLabel();
    return label.isEmpty() ? doc : doc + " (default: " + label + ")";
  }

  /**
   * Adds what is wrong with {@code value} to {@code problems}: a map's values one by one (named
   * {@code name KEY}). A null value (not given) has no problem.
   */
  public void check(Problems problems, Object value, String name) {
    if (value instanceof Map<?, ?> map) {
      map.forEach((k, v) -> problem(v, name + " " + k).ifPresent(problems::add));
    } else {
      problem(value, name).ifPresent(problems::add);
    }
  }

  /**
   * What is wrong with {@code value}, if anything: a number outside the bounds. (A map's values are
   * checked one by one by {@link #check}.)
   *
   * @param name how the message names the setting: {@code --task-rows} on the command line, {@code
   *     taskRows} in a request or a file
   */
  public Optional<String> problem(Object value, String name) {
    if (!(value instanceof Number number)) {
      return Optional.empty();
    }
    boolean below = min != null && compare(number, min) < 0;
    boolean above = max != null && compare(number, max) > 0;
    if (!below && !above) {
      return Optional.empty();
    }
    return Optional.of(
        name
            + (max == null
                ? " must be at least " + min
                : min == null ? " must be at most " + max : " must be " + min + ".." + max)
            + ", got "
            + value);
  }

  private static int compare(Number a, Number b) {
    boolean integral =
        (a instanceof Long || a instanceof Integer) && (b instanceof Long || b instanceof Integer);
    return integral
        ? Long.compare(a.longValue(), b.longValue())
        : Double.compare(a.doubleValue(), b.doubleValue());
  }
}
