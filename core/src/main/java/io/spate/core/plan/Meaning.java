package io.spate.core.plan;

import java.util.Locale;

/**
 * What a drawn column holds, as the planner reads it from the evidence ({@link Meanings}): the
 * meaning decides the column's domain ({@link MeaningDomains}) and its relations to the other
 * columns of its row ({@link Lifecycle}). The config's {@code meaning:} names one of these, in
 * lower case with hyphens ({@code end-of-life-time}).
 *
 * <p>Times carry a {@link #phase}: within a row, a column of a later phase is never before one of
 * an earlier phase (created, then started, then any event, then modified, then ended or expiring,
 * then the end of the row's life).
 */
public enum Meaning {
  // times: a phase each
  CREATED(Kind.TIME, 0),
  STARTED(Kind.TIME, 1),
  EVENT(Kind.TIME, 2),
  MODIFIED(Kind.TIME, 3),
  ENDED(Kind.TIME, 4),
  EXPIRES(Kind.TIME, 4),
  END_OF_LIFE_TIME(Kind.TIME, 5),
  BIRTH_DATE(Kind.TIME, -1),
  // flags
  FLAG(Kind.FLAG, -1),
  END_OF_LIFE_FLAG(Kind.FLAG, -1),
  // numbers
  COUNT(Kind.NUMBER, -1),
  MONEY(Kind.NUMBER, -1),
  DURATION(Kind.NUMBER, -1),
  SIZE(Kind.NUMBER, -1),
  DIMENSION(Kind.NUMBER, -1),
  PORT(Kind.NUMBER, -1),
  POSITION(Kind.NUMBER, -1),
  CODE_NUMBER(Kind.NUMBER, -1),
  MEASURE(Kind.NUMBER, -1),
  /** A fraction of one: a confidence, a probability, a ratio. */
  SHARE(Kind.NUMBER, -1),
  // text
  PERSONAL(Kind.TEXT, -1),
  /** An account at a host written {@code user@host}: a jabber id, a SIP address. */
  HANDLE(Kind.TEXT, -1),
  HOST(Kind.TEXT, -1),
  DOMAIN(Kind.TEXT, -1),
  URL(Kind.TEXT, -1),
  PATH(Kind.TEXT, -1),
  VERSION(Kind.TEXT, -1),
  SLUG(Kind.TEXT, -1),
  COLOR(Kind.TEXT, -1),
  LANGUAGE(Kind.TEXT, -1),
  COUNTRY_CODE(Kind.TEXT, -1),
  CURRENCY(Kind.TEXT, -1),
  TIMEZONE(Kind.TEXT, -1),
  MIME_TYPE(Kind.TEXT, -1),
  FILE_EXTENSION(Kind.TEXT, -1),
  /** A statement of SQL kept as text (a saved query, a history entry). */
  QUERY(Kind.TEXT, -1),
  /** A screen or image size written as text: {@code 1920x1080}. */
  RESOLUTION(Kind.TEXT, -1),
  /** The sign an amount is taken with: {@code +} or {@code -}. */
  SIGN(Kind.TEXT, -1),
  SECRET(Kind.TEXT, -1),
  MARKUP(Kind.TEXT, -1),
  THING_NAME(Kind.TEXT, -1),
  FREE_TEXT(Kind.TEXT, -1),
  VOCABULARY(Kind.TEXT, -1),
  CODE(Kind.TEXT, -1),
  IDENTIFIER(Kind.TEXT, -1),
  // documents
  DOCUMENT(Kind.JSON, -1),
  /** No evidence decides: the type's own domain (and the name-aware pools) stay. */
  UNKNOWN(Kind.OTHER, -1);

  /** The family of types a meaning belongs to. */
  public enum Kind {
    TIME,
    FLAG,
    NUMBER,
    TEXT,
    JSON,
    OTHER
  }

  private final Kind kind;
  private final int phase;

  Meaning(Kind kind, int phase) {
    this.kind = kind;
    this.phase = phase;
  }

  public Kind kind() {
    return kind;
  }

  /** A time's place in its row's lifecycle, or -1 for a meaning outside it. */
  public int phase() {
    return phase;
  }

  /** Whether a row mostly has this unset: the end of its life (deleted, revoked, banned). */
  public boolean endOfLife() {
    return this == END_OF_LIFE_TIME || this == END_OF_LIFE_FLAG;
  }

  /** {@code end-of-life-time}: the name the config and {@code spate plan --explain} use. */
  public String label() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  /** The meaning a label names, or null. */
  public static Meaning of(String label) {
    for (Meaning m : values()) {
      if (m.label().equals(label.trim().toLowerCase(Locale.ROOT).replace('_', '-'))) {
        return m;
      }
    }
    return null;
  }
}
