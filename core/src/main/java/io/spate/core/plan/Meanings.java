package io.spate.core.plan;

import io.spate.core.config.ColumnConfig;
import io.spate.core.config.TableConfig;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.Schema;
import io.spate.protocol.schema.SqlType;
import io.spate.protocol.schema.Table;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Reads what a column means ({@link Meaning}) from all the evidence the schema gives: the words of
 * its name (split at underscores and camel case: {@link Words}), the thing its table holds, its
 * type, length and scale, its DEFAULT, whether it is NULL-able, and its neighbours. Rules are tried
 * in order, the type's family first; the first that fires decides, and says why ({@link
 * Inferred#evidence()}), which {@code spate plan --explain} prints. The config's {@code meaning:}
 * overrides them all.
 *
 * <p>Words are read by the role they play, never as a list of whole column names: a past participle
 * of an end ({@code deleted}, {@code revoked}) marks an end of life, a plural noun on an integer a
 * count, a unit word ({@code seconds}, {@code bytes}, {@code width}) a measure in that unit.
 */
public final class Meanings {

  /** A column's meaning and the evidence that decided it. */
  public record Inferred(Meaning meaning, String evidence) {}

  private Meanings() {}

  /** Words that mark the end of a row's life: mostly unset. */
  static final Set<String> END_OF_LIFE =
      Set.of(
          "deleted",
          "delete",
          "removed",
          "revoked",
          "banned",
          "archived",
          "deactivated",
          "disabled",
          "cancelled",
          "canceled",
          "terminated",
          "suspended",
          "blocked",
          "trashed",
          "purged",
          "obsolete",
          "deprecated",
          "retired",
          "spam",
          "orphan",
          "locked",
          "expired",
          "hidden",
          "closed",
          "inactive",
          "dead",
          "failed",
          "rejected",
          "ignored",
          "muted");

  private static final Set<String> CREATED =
      Set.of(
          "created",
          "create",
          "creation",
          "inserted",
          "insert",
          "added",
          "registered",
          "registration",
          "entered",
          "joined",
          "since",
          "first",
          "submitted",
          "received",
          "born",
          "signup",
          "posted",
          "ctime",
          "crdate",
          "creationdate",
          "createdate",
          "datecreated",
          "createdat",
          "createdon",
          "dateadded");

  private static final Set<String> MODIFIED =
      Set.of(
          "updated",
          "update",
          "modified",
          "modify",
          "modification",
          "changed",
          "change",
          "edited",
          "edit",
          "last",
          "lastupdate",
          "lastmodified",
          "seen",
          "accessed",
          "access",
          "refreshed",
          "synced",
          "login",
          "activity",
          "used",
          "mtime",
          "touched",
          "latest",
          "recent");

  private static final Set<String> STARTED =
      Set.of(
          "start",
          "started",
          "starts",
          "begin",
          "begins",
          "began",
          "from",
          "opened",
          "issued",
          "issue",
          "scheduled",
          "departure",
          "checkin",
          "effective",
          "launched",
          "activated");

  private static final Set<String> ENDED =
      Set.of(
          "end",
          "ended",
          "ends",
          "stop",
          "stopped",
          "finish",
          "finished",
          "completed",
          "complete",
          "until",
          "to",
          "due",
          "arrival",
          "checkout",
          "done",
          "resolved",
          "returned",
          "return",
          "closes",
          "ending");

  private static final Set<String> EXPIRES =
      Set.of("expire", "expires", "expiry", "expiration", "exp");

  private static final Set<String> BIRTH = Set.of("birth", "birthdate", "birthday", "dob", "born");

  /** Words that mark an integer as a time, when no other meaning of the number is read first. */
  private static final Set<String> TIME_WORDS =
      Set.of("time", "timestamp", "stamp", "ts", "date", "at", "on", "usec", "epoch", "datetime");

  /** Last words that make an integer a time on their own: a past participle of a row's event. */
  private static final Set<String> TIME_LAST =
      Set.of(
          "created",
          "updated",
          "modified",
          "changed",
          "expires",
          "expire",
          "expiry",
          "expiration",
          "seen",
          "lastlogin",
          "lastupdate",
          "lastseen",
          "lastvisit",
          "accessed",
          "registered",
          "joined",
          "sent",
          "read",
          "posted",
          "edited");

  private static final Set<String> POSITIVE_FLAG =
      Set.of(
          "active",
          "enabled",
          "enable",
          "visible",
          "verified",
          "valid",
          "approved",
          "published",
          "confirmed",
          "public",
          "allowed",
          "available",
          "online",
          "accepted",
          "show",
          "shown");

  private static final Set<String> FLAG_VERBS =
      Set.of(
          "is", "has", "can", "should", "was", "allow", "allows", "use", "uses", "show", "need",
          "needs", "do", "does", "auto", "must", "send", "notify", "force", "enable", "disable");

  private static final Set<String> DURATION =
      Set.of(
          "duration",
          "ttl",
          "elapsed",
          "seconds",
          "secs",
          "sec",
          "interval",
          "timeout",
          "delay",
          "lifetime",
          "period",
          "uptime",
          "runtime",
          "length",
          "minutes",
          "mins",
          "hours",
          "days",
          "ms",
          "millis",
          "milliseconds",
          "latency",
          "wait",
          "delta",
          // web vitals, in milliseconds: time to first byte, first and largest contentful paint,
          // interaction to next paint, first input delay
          "ttfb",
          "fcp",
          "lcp",
          "inp",
          "fid");

  private static final Set<String> SIZE =
      Set.of(
          "size",
          "bytes",
          "filesize",
          "quota",
          "memory",
          "mem",
          "ram",
          "swap",
          "disk",
          "kb",
          "mb",
          "octets");

  private static final Set<String> DIMENSION =
      Set.of("width", "height", "depth", "w", "h", "thumbwidth", "thumbheight", "resolution");

  private static final Set<String> POSITION =
      Set.of(
          "position",
          "pos",
          "sort",
          "sorting",
          "ordering",
          "order",
          "rank",
          "priority",
          "weight",
          "seq",
          "sequence",
          "ord",
          "idx",
          "index",
          "step",
          "orderby",
          "sortorder",
          "prio",
          "indent");

  private static final Set<String> CODE_WORDS =
      Set.of(
          "type",
          "kind",
          "status",
          "state",
          "mode",
          "level",
          "category",
          "class",
          "role",
          "flags",
          "format",
          "method",
          "action",
          "source",
          "reason",
          "cause",
          "result",
          "code",
          "stage",
          "phase",
          "visibility",
          "permission",
          "permissions",
          "scope",
          "access",
          "gender",
          "direction",
          "protocol",
          "platform",
          "op",
          "subtype");

  private static final Set<String> FREE_TEXT =
      Set.of(
          "description",
          "desc",
          "body",
          "content",
          "contents",
          "text",
          "message",
          "msg",
          "comment",
          "comments",
          "note",
          "notes",
          "summary",
          "bio",
          "about",
          "details",
          "detail",
          "remark",
          "remarks",
          "excerpt",
          "question",
          "answer",
          "feedback",
          "review",
          "abstract",
          "intro",
          "blurb",
          "memo",
          "instructions",
          "signature",
          "reply",
          "post");

  private static final Set<String> THING_NAMES =
      Set.of("name", "title", "label", "subject", "caption", "heading", "headline", "nick");

  /** Entities whose own {@code name} is a value of a text meaning: a domain's name is a domain. */
  private static final Map<String, Meaning> NAMED_BY_ENTITY =
      Map.of(
          "domain", Meaning.DOMAIN,
          "zone", Meaning.DOMAIN,
          "host", Meaning.HOST,
          "server", Meaning.HOST,
          "nameserver", Meaning.HOST,
          "tag", Meaning.VOCABULARY,
          "keyword", Meaning.VOCABULARY,
          "timezone", Meaning.TIMEZONE,
          "currency", Meaning.CURRENCY);

  /** Last words of a kind that a short column writes as a mnemonic. */
  private static final Set<String> MNEMONIC = Set.of("type", "kind", "code", "class", "subtype");

  /** Words that name a fraction of one. */
  private static final Set<String> SHARES =
      Set.of(
          "confidence",
          "probability",
          "likelihood",
          "ratio",
          "fraction",
          "share",
          "cls"); // a cumulative layout shift: a score, mostly below 1

  /** Words that name an identifier written as text: a stock keeping unit, a serial number. */
  private static final Set<String> IDENTIFIERS =
      Set.of("sku", "isbn", "ean", "upc", "gtin", "barcode", "serial", "serialno", "mpn", "asin");

  /** Words that name a document kept as text: settings, parameters, a payload. */
  private static final Set<String> DOCUMENT_WORDS =
      Set.of(
          "settings",
          "config",
          "configuration",
          "prefs",
          "preferences",
          "options",
          "params",
          "parameters",
          "metadata",
          "meta",
          "data",
          "payload",
          "attributes",
          "properties",
          "json",
          "extra",
          "context");

  /** Entities whose {@code code} is a value of a text meaning: a currency's code is a currency. */
  private static final Map<String, Meaning> CODED_BY_ENTITY =
      Map.of(
          "currency", Meaning.CURRENCY,
          "language", Meaning.LANGUAGE,
          "country", Meaning.COUNTRY_CODE,
          "locale", Meaning.LANGUAGE);

  /** Entities whose {@code name} is a person's. */
  private static final Set<String> PEOPLE =
      Set.of(
          "user",
          "person",
          "people",
          "customer",
          "employee",
          "member",
          "author",
          "contact",
          "staff",
          "student",
          "patient",
          "client",
          "passenger",
          "actor",
          "artist",
          "owner",
          "player",
          "teacher",
          "driver",
          "guest",
          "admin",
          "manager",
          "agent",
          "subscriber",
          "account",
          "profile",
          "buyer",
          "seller",
          "writer",
          "speaker",
          "candidate");

  /**
   * The meaning of every column of {@code t}, by name, in column order. One schema spells a kind
   * alike: a kind no length bounds ({@code domains.type text}) is a mnemonic where a column of the
   * same name elsewhere in {@code schema} is one ({@code records.type varchar(10)}).
   */
  public static Map<String, Inferred> of(Schema schema, Table t, TableConfig tc) {
    Map<String, Inferred> meanings = new LinkedHashMap<>();
    for (Column c : t.columns()) {
      ColumnConfig cc = tc.columns().get(c.name());
      Inferred local = of(t, c, cc);
      meanings.put(
          c.name(),
          local.meaning() == Meaning.VOCABULARY && (cc == null || cc.meaning() == null)
              ? mnemonicElsewhere(schema, t, c).orElse(local)
              : local);
    }
    return meanings;
  }

  private static java.util.Optional<Inferred> mnemonicElsewhere(Schema schema, Table t, Column c) {
    if (!MNEMONIC.contains(lastWord(c)) || textDefault(c) != null) {
      return java.util.Optional.empty();
    }
    for (Table other : schema.tables()) {
      if (other.id().equals(t.id())) {
        continue;
      }
      for (Column sibling : other.columns()) {
        if (sibling.name().equalsIgnoreCase(c.name()) && mnemonic(sibling)) {
          return java.util.Optional.of(
              new Inferred(
                  Meaning.CODE,
                  "word "
                      + lastWord(c)
                      + ", as "
                      + other.name()
                      + "."
                      + sibling.name()
                      + " is a mnemonic"));
        }
      }
    }
    return java.util.Optional.empty();
  }

  /** The last word of {@code c}'s name, run-together names split ({@code acctterminatecause}). */
  static String lastWord(Column c) {
    List<String> words = compounds(Words.of(c.name()));
    return words.isEmpty() ? "" : words.getLast();
  }

  /**
   * Whether {@code c} is a kind written in ten characters or fewer: a mnemonic (A, MX, INF), not a
   * word nor a one- or two-letter code.
   */
  private static boolean mnemonic(Column c) {
    return c.type().isText()
        && MNEMONIC.contains(lastWord(c))
        && c.length() > 2
        && c.length() <= 10
        && textDefault(c) == null;
  }

  /** The meaning of {@code c}, the config's {@code meaning:} first. */
  public static Inferred of(Table t, Column c, ColumnConfig cc) {
    if (cc != null && cc.meaning() != null && Meaning.of(cc.meaning()) != null) {
      return new Inferred(Meaning.of(cc.meaning()), "the config's meaning: " + cc.meaning());
    }
    List<String> words = compounds(Words.of(c.name()));
    if (words.isEmpty()) {
      return new Inferred(Meaning.UNKNOWN, "a name without words");
    }
    String last = words.getLast();
    String entity = Words.entity(t.name());
    return switch (c.type()) {
      case JSON, JSONB -> new Inferred(Meaning.DOCUMENT, "type " + c.typeName());
      case DATE, TIMESTAMP, TIMESTAMPTZ -> time(t, c, words, entity, "type " + c.typeName());
      case BOOLEAN -> flag(c, words, "type boolean");
      case SMALLINT, INTEGER, BIGINT -> integer(t, c, words, last, entity);
      case NUMERIC, REAL, DOUBLE, MONEY -> decimal(c, words, last);
      default -> c.type().isText() ? text(t, c, words, last, entity) : unknown(c);
    };
  }

  private static Inferred unknown(Column c) {
    return new Inferred(Meaning.UNKNOWN, "type " + c.typeName() + " and no word that says more");
  }

  /** A date or time, or an integer read as one: its phase from the words. */
  private static Inferred time(Table t, Column c, List<String> words, String entity, String type) {
    String joined = Words.joined(words);
    if (any(words, BIRTH)) {
      return new Inferred(Meaning.BIRTH_DATE, word(words, BIRTH) + " + " + type);
    }
    boolean own = !entity.isEmpty() && words.stream().anyMatch(w -> formOf(w, entity));
    // the event the table records begins its rows (LockedAt of a lock, even if locking ends
    // something elsewhere), unless a sibling time says when they begin (session_time beside
    // session_start: the session's latest activity)
    boolean begunElsewhere =
        t != null
            && t.columns().stream()
                .anyMatch(
                    o -> {
                      List<String> ow = compounds(Words.of(o.name()));
                      // a sibling of the same thing (session_start; poll_start begins a poll)
                      boolean same =
                          ow.stream()
                              .allMatch(
                                  w ->
                                      formOf(w, entity)
                                          || TIME_WORDS.contains(w)
                                          || CREATED.contains(w)
                                          || STARTED.contains(w));
                      return o != c && same && (any(ow, CREATED) || any(ow, STARTED));
                    });
    if (own
        && !begunElsewhere
        && words.stream().allMatch(w -> formOf(w, entity) || TIME_WORDS.contains(w))) {
      return new Inferred(Meaning.CREATED, "the table's own thing (" + entity + ") + " + type);
    }
    if (any(words, END_OF_LIFE)) {
      return new Inferred(
          Meaning.END_OF_LIFE_TIME, "end-of-life word " + word(words, END_OF_LIFE) + " + " + type);
    }
    if (any(words, EXPIRES)) {
      return new Inferred(Meaning.EXPIRES, "word " + word(words, EXPIRES) + " + " + type);
    }
    if (any(words, ENDED)) {
      return new Inferred(Meaning.ENDED, "word " + word(words, ENDED) + " + " + type);
    }
    if (any(words, STARTED)) {
      return new Inferred(Meaning.STARTED, "word " + word(words, STARTED) + " + " + type);
    }
    if (any(words, CREATED) || CREATED.contains(joined)) {
      return new Inferred(Meaning.CREATED, "word " + word(words, CREATED) + " + " + type);
    }
    if (any(words, MODIFIED)) {
      return new Inferred(Meaning.MODIFIED, "word " + word(words, MODIFIED) + " + " + type);
    }
    if (own) {
      return begunElsewhere
          ? new Inferred(
              Meaning.EVENT, "the table's own thing (" + entity + "), begun by a sibling + " + type)
          : new Inferred(Meaning.CREATED, "the table's own thing (" + entity + ") + " + type);
    }
    if (defaultsToNow(c)) {
      return new Inferred(Meaning.CREATED, "DEFAULT " + c.defaultExpr() + " + " + type);
    }
    return new Inferred(Meaning.EVENT, type + ", no lifecycle word");
  }

  /** Whether the column's DEFAULT is the time of the insert. */
  static boolean defaultsToNow(Column c) {
    String d = c.defaultExpr() == null ? "" : c.defaultExpr().toLowerCase(Locale.ROOT);
    return d.contains("now()")
        || d.contains("current_timestamp")
        || d.contains("current_date")
        || d.contains("unix_timestamp")
        || d.contains("localtimestamp")
        || d.contains("clock_timestamp");
  }

  private static Inferred flag(Column c, List<String> words, String type) {
    if (any(words, END_OF_LIFE)) {
      return new Inferred(
          Meaning.END_OF_LIFE_FLAG, "end-of-life word " + word(words, END_OF_LIFE) + " + " + type);
    }
    return new Inferred(Meaning.FLAG, type + defaultNote(c));
  }

  private static String defaultNote(Column c) {
    return c.defaultExpr() == null ? "" : ", DEFAULT " + c.defaultExpr();
  }

  private static Inferred integer(
      Table t, Column c, List<String> words, String last, String entity) {
    String type = "type " + c.typeName();
    boolean small = c.type() == SqlType.SMALLINT || c.typeName().startsWith("tinyint");
    Integer literal = defaultInteger(c);
    boolean flagDefault = literal != null && (literal == 0 || literal == 1);
    boolean flagWords =
        (words.size() > 1 && FLAG_VERBS.contains(words.getFirst()))
            || POSITIVE_FLAG.contains(last)
            || END_OF_LIFE.contains(last)
            || last.equals("flag");
    if (flagWords && (small || (flagDefault && !digitsShown(c)))) {
      return flag(c, words, type);
    }
    RealisticNumbers.Rule rule = RealisticNumbers.rule(c.name());
    if (rule == RealisticNumbers.Rule.FLAG) {
      return flag(c, words, type);
    }
    if (c.typeName().matches("(?i)(tiny|small|medium)?int\\(1\\).*") && !c.nullable()) {
      return flag(c, words, type + ": display width 1, MySQL's boolean");
    }
    boolean timeWords =
        any(words, TIME_WORDS)
            || TIME_LAST.contains(last)
            || (words.size() > 1
                && words.getFirst().equals("last")
                && !plural(last)
                && !last.equals("id"));
    boolean compound = (!timeWords && timeCompound(last)) || last.equals("time");
    if (!timeWords
        && !compound
        && (any(words, STARTED) || any(words, ENDED) || any(words, CREATED))
        && t.columns().stream()
            .anyMatch(
                o ->
                    o != c
                        && o.type().isIntegral()
                        && Words.of(o.name()).stream().anyMatch(TIME_WORDS::contains))) {
      timeWords = true; // session_start beside session_time: the same clock
    }
    if (c.type() != SqlType.SMALLINT
        && (timeWords || compound)
        && !any(words, DURATION)
        && rule == null) {
      boolean typedTimes =
          t.columns().stream()
              .anyMatch(
                  o ->
                      o.type() == SqlType.DATE
                          || o.type() == SqlType.TIMESTAMP
                          || o.type() == SqlType.TIMESTAMPTZ);
      if (compound && typedTimes) {
        // beside real times, a number named for a time is how long it took (acctsessiontime)
        return new Inferred(
            Meaning.DURATION, "word " + last + " + " + type + " beside columns of a time type");
      }
      return time(t, c, words, entity, type + " read as seconds since 1970");
    }
    if (any(words, DURATION)) {
      return new Inferred(Meaning.DURATION, "unit word " + word(words, DURATION) + " + " + type);
    }
    if (any(words, SIZE)) {
      return new Inferred(Meaning.SIZE, "word " + word(words, SIZE) + " + " + type);
    }
    if (DIMENSION.contains(last)) {
      return new Inferred(Meaning.DIMENSION, "word " + last + " + " + type);
    }
    if (last.equals("port")) {
      return new Inferred(Meaning.PORT, "word port + " + type);
    }
    if (rule != null) {
      return new Inferred(
          switch (rule) {
            case PRICE, AMOUNT, SMALL_CHARGE, SALARY -> Meaning.MONEY;
            case COUNT -> Meaning.COUNT;
            default -> Meaning.MEASURE;
          },
          "word " + last + " (" + rule.name().toLowerCase(Locale.ROOT) + ") + " + type);
    }
    if (POSITION.contains(last)) {
      return new Inferred(Meaning.POSITION, "word " + last + " + " + type);
    }
    if (CODE_WORDS.contains(last)) {
      return new Inferred(Meaning.CODE_NUMBER, "word " + last + " + " + type);
    }
    if (plural(last) || words.getFirst().equals("num") || words.getFirst().equals("nb")) {
      return new Inferred(Meaning.COUNT, "a number of " + last + " + " + type);
    }
    int per = words.indexOf("per");
    if (per > 0 && plural(words.get(per - 1))) {
      // topics_per_page, max_connections_per_user: a number of things for each of another
      return new Inferred(
          Meaning.COUNT, "a number of " + words.get(per - 1) + " per " + last + " + " + type);
    }
    if (flagDefault && small) {
      return new Inferred(Meaning.FLAG, type + defaultNote(c));
    }
    if (c.typeName().startsWith("tinyint")) {
      return new Inferred(Meaning.FLAG, type + " with no word that says more: MySQL's boolean");
    }
    return unknown(c);
  }

  /**
   * Whether an int wider than a smallint was declared to show two or more digits, fewer than its
   * type's own display width ({@code int(5)}, where MariaDB shows a plain int as {@code int(11)}):
   * it holds numbers of that many digits, not a flag, whatever its DEFAULT.
   */
  private static boolean digitsShown(Column c) {
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile("(?i)(medium|big)?int\\((\\d+)\\).*").matcher(c.typeName());
    if (!m.matches()) {
      return false;
    }
    int shown = Integer.parseInt(m.group(2));
    int own = m.group(1) == null ? 10 : m.group(1).equalsIgnoreCase("medium") ? 8 : 20;
    return shown >= 2 && shown < own;
  }

  /**
   * A word run together with a time's ({@code regdate}, {@code lastvisittime}, {@code entrystamp}).
   */
  private static boolean timeCompound(String word) {
    return word.length() > 5
        && (word.endsWith("time") || word.endsWith("date") || word.endsWith("stamp"))
        && !word.endsWith("uptime")
        && !word.endsWith("runtime")
        && !word.endsWith("lifetime");
  }

  private static Inferred decimal(Column c, List<String> words, String last) {
    String type = "type " + c.typeName();
    if (any(words, SHARES)) {
      return new Inferred(Meaning.SHARE, "word " + word(words, SHARES) + " + " + type);
    }
    if (any(words, Set.of("timezone", "tz")) || Words.joined(words).endsWith("timezone")) {
      return new Inferred(Meaning.TIMEZONE, "word timezone + " + type + ": an offset in hours");
    }
    if ((any(words, TIME_WORDS) || timeCompound(last)) && !any(words, DURATION)) {
      return time(null, c, words, "", type + " read as seconds since 1970");
    }
    if (any(words, DURATION)) {
      return new Inferred(Meaning.DURATION, "unit word " + word(words, DURATION) + " + " + type);
    }
    if (any(words, SIZE)) {
      return new Inferred(Meaning.SIZE, "word " + word(words, SIZE) + " + " + type);
    }
    if (DIMENSION.contains(last)) {
      return new Inferred(Meaning.DIMENSION, "word " + last + " + " + type);
    }
    RealisticNumbers.Rule rule = RealisticNumbers.rule(c.name());
    if (rule != null && rule != RealisticNumbers.Rule.FLAG) { // a flag is never a fraction
      return new Inferred(
          switch (rule) {
            case PRICE, AMOUNT, SMALL_CHARGE, SALARY -> Meaning.MONEY;
            case COUNT -> Meaning.COUNT;
            default -> Meaning.MEASURE;
          },
          "word " + last + " (" + rule.name().toLowerCase(Locale.ROOT) + ") + " + type);
    }
    return unknown(c);
  }

  private static Inferred text(Table t, Column c, List<String> words, String last, String entity) {
    String type = "type " + c.typeName();
    String joined = Words.joined(words);
    int length = c.length();
    if (any(words, Set.of("uuid", "guid"))) {
      return new Inferred(Meaning.SECRET, "word " + word(words, Set.of("uuid", "guid")));
    }
    if (length == 1 && words.size() > 1 && (last.equals("sign") || last.equals("prefix"))) {
      // price_prefix beside products_price: the sign an amount is added with
      List<String> of = words.subList(0, words.size() - 1);
      Column amount =
          t.columns().stream()
              .filter(o -> o != c && !o.type().isText() && Words.of(o.name()).containsAll(of))
              .findFirst()
              .orElse(null);
      if (amount != null) {
        return new Inferred(Meaning.SIGN, "word " + last + ", length 1, of " + amount.name());
      }
    }
    if (any(words, Set.of("xml", "html", "stanza", "markup", "svg", "xhtml"))) {
      return new Inferred(Meaning.MARKUP, "word " + last);
    }
    if (any(
            words,
            Set.of(
                "password",
                "passwd",
                "pass",
                "hash",
                "salt",
                "token",
                "secret",
                "nonce",
                "digest",
                "checksum",
                "sha",
                "md",
                "signature",
                "otp",
                "apikey",
                "cookie",
                "sid",
                "csrf"))
        && !FREE_TEXT.contains(last)) {
      return new Inferred(Meaning.SECRET, "secret word + " + type);
    }
    if (any(words, Set.of("jid", "jabberid", "sip", "xmppaddress"))) {
      return new Inferred(
          Meaning.HANDLE,
          "word " + word(words, Set.of("jid", "jabberid", "sip")) + ": an account at a host");
    }
    if (last.equals("version") || last.equals("ver") || joined.endsWith("version")) {
      return new Inferred(Meaning.VERSION, "word " + last + " + " + type);
    }
    if (last.equals("port")) {
      return new Inferred(Meaning.PORT, "word port + " + type);
    }
    if ((last.equals("code") || last.equals("iso")) && CODED_BY_ENTITY.containsKey(entity)) {
      return new Inferred(CODED_BY_ENTITY.get(entity), "the code of a " + entity);
    }
    if ((words.contains("iso") || last.equals("code"))
        && (words.contains("country") || words.contains("countries"))) {
      return new Inferred(Meaning.COUNTRY_CODE, "a country's code");
    }
    if (IDENTIFIERS.contains(last)) {
      return new Inferred(Meaning.IDENTIFIER, "word " + last + ": an identifier of a thing");
    }
    if (last.equals("id") && (length <= 0 || length >= 8)) {
      // a session's, a transaction's or another system's id kept as text: a token, one a row
      return new Inferred(Meaning.IDENTIFIER, "word id + " + type + ": an identifier as text");
    }
    if (last.equals("slug") || last.equals("permalink")) {
      return new Inferred(Meaning.SLUG, "word " + last);
    }
    if (last.equals("color") || last.equals("colour") || joined.endsWith("color")) {
      return new Inferred(Meaning.COLOR, "word " + last);
    }
    if (any(words, Set.of("lang", "language", "locale"))) {
      return new Inferred(
          Meaning.LANGUAGE, "word " + word(words, Set.of("lang", "language", "locale")));
    }
    if (any(words, Set.of("timezone", "tz")) || joined.endsWith("timezone")) {
      return new Inferred(Meaning.TIMEZONE, "word timezone");
    }
    if (last.equals("currency")) {
      return new Inferred(Meaning.CURRENCY, "word currency");
    }
    if ((last.equals("country") || last.equals("ctry")) && length > 0 && length <= 3
        || joined.endsWith("countrycode")
        || joined.endsWith("countryiso")) {
      return new Inferred(Meaning.COUNTRY_CODE, "word country + length " + length);
    }
    if (any(words, Set.of("mime", "mimetype"))
        || joined.endsWith("contenttype")
        || joined.endsWith("mediatype")) {
      return new Inferred(Meaning.MIME_TYPE, "word " + last);
    }
    if (Set.of("path", "dir", "directory", "folder").contains(last)) {
      return new Inferred(Meaning.PATH, "word " + last);
    }
    if (last.equals("domain") || last.equals("fqdn") || last.equals("realm")) {
      return new Inferred(Meaning.DOMAIN, "word " + last);
    }
    if ((last.equals("address") || last.equals("addr")) && NETWORK_THINGS.contains(entity)) {
      // icinga_hosts.address: where a machine is reached, not a street
      return new Inferred(Meaning.HOST, "an address of a " + entity);
    }
    if (any(words, Set.of("host", "hostname", "server", "nasname"))
        || joined.endsWith("hostname")
        || joined.equals("nasname")) {
      return new Inferred(
          Meaning.HOST, "word " + word(words, Set.of("host", "hostname", "server", "nasname")));
    }
    if (any(
            words,
            Set.of(
                "url",
                "uri",
                "link",
                "href",
                "homepage",
                "website",
                "avatar",
                "feed",
                "callback",
                "redirect",
                "endpoint",
                "referrer",
                "referer",
                "webhook"))
        && (length <= 0 || length >= 24)) {
      return new Inferred(Meaning.URL, "word " + last);
    }
    if (any(words, Set.of("path", "dir", "directory", "folder", "filename", "file"))) {
      return new Inferred(Meaning.PATH, "word " + last);
    }
    String recognised = RealisticValues.recognisedName(t, c.name());
    if (("state".equals(recognised) || "province".equals(recognised)) && !postal(t)) {
      recognised = null; // a state beside no address is a row's state (subscribed, pending)
    }
    if (recognised != null && !recognised.equals("name") && !recognised.equals("title")) {
      return new Inferred(Meaning.PERSONAL, "a " + recognised);
    }
    if (THING_NAMES.contains(last) || recognised != null) {
      boolean person =
          PEOPLE.contains(entity)
              || (words.size() > 1 && PEOPLE.contains(words.get(words.size() - 2)));
      if (person && (last.equals("name") || last.equals("nick"))) {
        return new Inferred(Meaning.PERSONAL, "a name in " + t.name() + ", which holds people");
      }
      Meaning named = NAMED_BY_ENTITY.get(entity);
      return named != null && last.equals("name")
          ? new Inferred(named, "the name of a " + entity)
          : new Inferred(Meaning.THING_NAME, "word " + last + " of a " + entity);
    }
    if ((last.equals("country") || last.equals("ctry")) && (length <= 0 || length > 3)) {
      return new Inferred(
          Meaning.COUNTRY_CODE, "word " + last + " + " + type + ": a country's name");
    }
    if ((last.equals("extension") || last.equals("ext")) && !words.contains("phone")) {
      return new Inferred(Meaning.FILE_EXTENSION, "word " + last + " + " + type);
    }
    if (last.equals("sql") || joined.endsWith("query") || joined.endsWith("sql")) {
      return new Inferred(Meaning.QUERY, "word " + last + " + " + type);
    }
    if (last.equals("screen") || last.equals("resolution")) {
      return new Inferred(Meaning.RESOLUTION, "word " + last + " + " + type);
    }
    if (any(words, DURATION) && !FREE_TEXT.contains(last)) {
      return new Inferred(
          Meaning.DURATION, "unit word " + word(words, DURATION) + " + " + type + ": digits");
    }
    if (POSITION.contains(last)) {
      return new Inferred(Meaning.POSITION, "word " + last + " + " + type + ": digits");
    }
    if (DOCUMENT_WORDS.contains(last) && (length <= 0 || length >= 255)) {
      return new Inferred(Meaning.DOCUMENT, "word " + last + " + long " + type);
    }
    if (FREE_TEXT.contains(last)) {
      return new Inferred(Meaning.FREE_TEXT, "word " + last + " + " + type);
    }
    if (plural(last) && (length <= 0 || length >= 255)) {
      // recent tables, allowed_forums, user_interests: a list of those things kept as text
      return new Inferred(Meaning.DOCUMENT, "a list of " + last + " + long " + type);
    }
    if ((any(words, TIME_WORDS) || timeCompound(last) || TIME_LAST.contains(last))
        && length >= 8
        && length <= 32
        && !words.contains("at")) {
      return time(t, c, words, entity, type + " written as text");
    }
    if (CODE_WORDS.contains(last)
        || last.equals("aud")
        || last.equals("provider")
        || last.equals("browser")
        || last.equals("os")
        || last.equals("device")
        || last.equals("medium")
        || last.equals("campaign")
        || last.equals("tag")) {
      if (length > 0 && length <= 2) {
        return new Inferred(Meaning.CODE, "word " + last + " + length " + length);
      }
      if (mnemonic(c)) {
        return new Inferred(Meaning.CODE, "word " + last + " + short " + type);
      }
      return new Inferred(
          Meaning.VOCABULARY,
          "word " + last + " + " + type + (textDefault(c) == null ? "" : defaultNote(c)));
    }
    if (length > 0 && length <= 3) {
      return new Inferred(Meaning.CODE, type + ", length " + length);
    }
    if (textDefault(c) != null) {
      return new Inferred(Meaning.VOCABULARY, type + defaultNote(c) + ": a value of a small set");
    }
    if (length <= 0 && !plural(last)) {
      return new Inferred(
          Meaning.VOCABULARY, "word " + last + " + " + type + ": one thing, not prose");
    }
    if (length <= 0 || length >= 100) {
      return new Inferred(Meaning.FREE_TEXT, type + " unbounded or long");
    }
    return new Inferred(
        Meaning.VOCABULARY, "short text (" + type + ") with no word that says more");
  }

  /** Whether the words name a web vital, a time in milliseconds ({@code ttfb}, {@code lcp}). */
  static boolean webVital(List<String> words) {
    return any(words, Set.of("ttfb", "fcp", "lcp", "inp", "fid"));
  }

  /** Things on a network: an address of one is where it is reached. */
  private static final Set<String> NETWORK_THINGS =
      Set.of(
          "host",
          "server",
          "node",
          "device",
          "router",
          "gateway",
          "endpoint",
          "peer",
          "machine",
          "instance",
          "agent",
          "interface",
          "nas");

  /** Words of a state few rows are in: put forward above the others. */
  private static final Set<String> RARE_STATE =
      Set.of("pinned", "featured", "sticky", "starred", "promoted", "highlighted");

  /**
   * Whether the column's name says a state few rows are in ({@code pinned_position}, {@code
   * is_featured}): a flag rarely set, a nullable value mostly NULL.
   */
  static boolean rare(String columnName) {
    return any(Words.of(columnName), RARE_STATE);
  }

  /** Whether a flag's name says a state most rows are in ({@code enabled}, {@code active}). */
  static boolean positive(String columnName) {
    List<String> words = Words.of(columnName);
    // a status kept as a flag is on for a row in service (products_status)
    return any(words, POSITIVE_FLAG) || (!words.isEmpty() && words.getLast().equals("status"));
  }

  /**
   * The text of the column's DEFAULT when it is a string literal ({@code 'auto'::text}), or null.
   */
  static String textDefault(Column c) {
    if (c.defaultExpr() == null) {
      return null;
    }
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile("^'((?:[^']|'')*)'(::[a-z ]+)?$")
            .matcher(c.defaultExpr().trim());
    return m.matches() && !m.group(1).isEmpty() ? m.group(1).replace("''", "'") : null;
  }

  /** The integer literal of the column's DEFAULT ({@code 1}, {@code '1'}, {@code (0)}), or null. */
  static Integer defaultInteger(Column c) {
    if (c.defaultExpr() == null) {
      return null;
    }
    String d = c.defaultExpr().replaceAll("[()'\\s]|::[a-z ]+", "");
    try {
      return Integer.valueOf(d);
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /** Words a run-together name may end with: every word the rules read, and a few nouns. */
  private static final Set<String> LEXICON = lexicon();

  private static Set<String> lexicon() {
    Set<String> all = new java.util.HashSet<>();
    for (Set<String> set :
        List.of(
            END_OF_LIFE,
            CREATED,
            MODIFIED,
            STARTED,
            ENDED,
            EXPIRES,
            TIME_WORDS,
            TIME_LAST,
            POSITIVE_FLAG,
            DURATION,
            SIZE,
            DIMENSION,
            POSITION,
            CODE_WORDS,
            FREE_TEXT,
            THING_NAMES,
            DOCUMENT_WORDS,
            SHARES)) {
      set.stream().filter(w -> w.length() >= 4).forEach(all::add);
    }
    all.addAll(
        List.of(
            "port",
            "name",
            "type",
            "time",
            "date",
            "stamp",
            "host",
            "server",
            "address",
            "session",
            "transaction",
            "station",
            "interface",
            "request",
            "message",
            "client",
            "payment",
            "invoice",
            "order",
            "external",
            "remote",
            "unique"));
    return Set.copyOf(all);
  }

  /**
   * The words of a name with run-together words split off their ends where the lexicon knows the
   * end ({@code acctstarttime}: {@code acct start time}; {@code nasporttype}: {@code nas port
   * type}); a word the lexicon knows whole stays whole ({@code timestamp}, {@code lastupdate}).
   */
  static List<String> compounds(List<String> words) {
    List<String> out = new java.util.ArrayList<>();
    for (String w : words) {
      out.addAll(compound(w));
    }
    return out;
  }

  private static List<String> compound(String w) {
    if (w.length() < 7 || LEXICON.contains(w)) {
      return List.of(w);
    }
    // of the known ends, the one that leaves the fewest letters unknown ("acctupdatetime" ends
    // in "time" after "update", not in "datetime" after "acctup")
    List<String> best = List.of(w);
    if (w.endsWith("id")) {
      // an identifier after a known word (acctsessionid, nasportid), not a word's own end (paid)
      List<String> rest = compound(w.substring(0, w.length() - 2));
      if (LEXICON.contains(rest.getLast())) {
        best = new java.util.ArrayList<>(rest);
        best.add("id");
      }
    }
    for (int i = 3; i <= w.length() - 4; i++) {
      String end = w.substring(i);
      if (LEXICON.contains(end)) {
        List<String> split = new java.util.ArrayList<>(compound(w.substring(0, i)));
        split.add(end);
        if (unknown(split) < unknown(best)) {
          best = split;
        }
      }
    }
    return best;
  }

  /** The letters of words the lexicon does not know. */
  private static int unknown(List<String> words) {
    return words.stream().filter(x -> !LEXICON.contains(x)).mapToInt(String::length).sum();
  }

  /** Whether the table holds a postal address: a city, a postcode, a street or a country. */
  private static boolean postal(Table t) {
    return t.columns().stream()
        .map(o -> compounds(Words.of(o.name())))
        .anyMatch(
            w ->
                any(
                    w,
                    Set.of(
                        "city",
                        "zip",
                        "zipcode",
                        "postcode",
                        "postal",
                        "street",
                        "country",
                        "address",
                        "town")));
  }

  /** Whether {@code word} is {@code entity} or a form of it ({@code locked} of a lock). */
  private static boolean formOf(String word, String entity) {
    return word.equals(entity)
        || (word.startsWith(entity)
            && word.length() <= entity.length() + 2
            && entity.length() > 3
            && (word.endsWith("ed") || word.endsWith("d") || word.endsWith("s")));
  }

  static boolean plural(String word) {
    return word.length() > 3
        && word.endsWith("s")
        && !word.endsWith("ss")
        && !word.endsWith("us")
        && !word.endsWith("is")
        && !word.endsWith("status");
  }

  private static boolean any(List<String> words, Set<String> set) {
    return words.stream().anyMatch(set::contains);
  }

  private static String word(List<String> words, Set<String> set) {
    return words.stream().filter(set::contains).findFirst().orElse(Words.joined(words));
  }
}
