package io.spate.core.introspect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.protocol.schema.Check;
import io.spate.protocol.schema.Check.CompareColumns;
import io.spate.protocol.schema.Check.CompareLiteral;
import io.spate.protocol.schema.Check.InList;
import io.spate.protocol.schema.Check.Length;
import io.spate.protocol.schema.Check.Matches;
import io.spate.protocol.schema.Check.Unparsed;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every definition below is verbatim what {@code pg_get_constraintdef} prints on PostgreSQL 15 for
 * the DDL in the comment above it.
 */
class CheckParserTest {

  private static List<Check> parse(String definition, String... columns) {
    return CheckParser.parse("k", definition, List.of(columns)).checks();
  }

  private static List<String> notNull(String definition) {
    return CheckParser.parse("k", definition, List.of()).notNull();
  }

  // c_credit char(2) CHECK (c_credit IN ('GC', 'BC'))
  @Test
  void inListOnChar() {
    assertEquals(
        List.of(new InList("k", "c_credit", List.of("GC", "BC"))),
        parse("CHECK ((c_credit = ANY (ARRAY['GC'::bpchar, 'BC'::bpchar])))"));
    assertEquals(
        List.of(new InList("k", "gender", List.of("M", "F", "U"))),
        parse("CHECK ((gender = ANY (ARRAY['M'::bpchar, 'F'::bpchar, 'U'::bpchar])))"));
  }

  // user_type varchar(20) CHECK (user_type IN ('Subscriber', 'Customer'))
  @Test
  void inListOnVarchar() {
    assertEquals(
        List.of(new InList("k", "user_type", List.of("Subscriber", "Customer"))),
        parse(
            "CHECK (((user_type)::text = ANY ((ARRAY['Subscriber'::character varying,"
                + " 'Customer'::character varying])::text[])))"));
  }

  // tx text CHECK (tx IN ('a', 'it''s'))
  @Test
  void inListOnTextUnescapesQuotes() {
    assertEquals(
        List.of(new InList("k", "tx", List.of("a", "it's"))),
        parse("CHECK ((tx = ANY (ARRAY['a'::text, 'it''s'::text])))"));
  }

  // x integer CHECK (x IN (1, 2, 3)); neg integer CHECK (neg IN (-1, 2))
  @Test
  void inListOnIntegers() {
    assertEquals(
        List.of(new InList("k", "x", List.of("1", "2", "3"))),
        parse("CHECK ((x = ANY (ARRAY[1, 2, 3])))"));
    assertEquals(
        List.of(new InList("k", "neg", List.of("-1", "2"))),
        parse("CHECK ((neg = ANY (ARRAY['-1'::integer, 2])))"));
  }

  // d date CHECK (d IN ('2020-01-01', '2021-01-01')); nm numeric CHECK (nm IN (1.5, -2.5))
  @Test
  void inListOnDatesAndDecimals() {
    assertEquals(
        List.of(new InList("k", "d", List.of("2020-01-01", "2021-01-01"))),
        parse("CHECK ((d = ANY (ARRAY['2020-01-01'::date, '2021-01-01'::date])))"));
    assertEquals(
        List.of(new InList("k", "nm", List.of("1.5", "-2.5"))),
        parse("CHECK ((nm = ANY (ARRAY[1.5, '-2.5'::numeric])))"));
  }

  // "UP" varchar(3) CHECK ("UP" IN ('x', 'y'))
  @Test
  void quotedColumnName() {
    assertEquals(
        List.of(new InList("k", "UP", List.of("x", "y"))),
        parse(
            "CHECK (((\"UP\")::text = ANY ((ARRAY['x'::character varying,"
                + " 'y'::character varying])::text[])))"));
    assertEquals(
        List.of(new CompareLiteral("k", "Mixed Col", ">", "1")),
        parse("CHECK ((\"Mixed Col\" > 1))"));
  }

  // o_ol_cnt integer CHECK (o_ol_cnt BETWEEN 5 AND 15)
  @Test
  void betweenBecomesTwoComparisons() {
    assertEquals(
        List.of(
            new CompareLiteral("k", "o_ol_cnt", ">=", "5"),
            new CompareLiteral("k", "o_ol_cnt", "<=", "15")),
        parse("CHECK (((o_ol_cnt >= 5) AND (o_ol_cnt <= 15)))"));
    // s smallint CHECK (s BETWEEN -5 AND 5)
    assertEquals(
        List.of(new CompareLiteral("k", "s", ">=", "-5"), new CompareLiteral("k", "s", "<=", "5")),
        parse("CHECK (((s >= '-5'::integer) AND (s <= 5)))"));
    // ts timestamp CHECK (ts BETWEEN '2020-01-01' AND '2021-01-01')
    assertEquals(
        List.of(
            new CompareLiteral("k", "ts", ">=", "2020-01-01 00:00:00"),
            new CompareLiteral("k", "ts", "<=", "2021-01-01 00:00:00")),
        parse(
            "CHECK (((ts >= '2020-01-01 00:00:00'::timestamp without time zone) AND (ts <="
                + " '2021-01-01 00:00:00'::timestamp without time zone)))"));
  }

  @Test
  void comparisonWithLiteralOnTheRight() {
    assertEquals(
        List.of(new CompareLiteral("k", "trip_duration", ">", "0")),
        parse("CHECK ((trip_duration > 0))"));
    assertEquals(
        List.of(new CompareLiteral("k", "n2", "<=", "99.99")), parse("CHECK ((n2 <= 99.99))"));
    assertEquals(List.of(new CompareLiteral("k", "n5", ">", "1.50")), parse("CHECK ((n5 > 1.50))"));
    assertEquals(List.of(new CompareLiteral("k", "bo", "=", "true")), parse("CHECK ((bo = true))"));
  }

  // y integer CHECK (0 < y): the column moves left and the operator flips.
  @Test
  void comparisonWithLiteralOnTheLeftIsFlipped() {
    assertEquals(List.of(new CompareLiteral("k", "y", ">", "0")), parse("CHECK ((0 < y))"));
    assertEquals(List.of(new CompareLiteral("k", "y", "<=", "7")), parse("CHECK ((7 >= y))"));
    assertEquals(List.of(new CompareLiteral("k", "y", "<>", "7")), parse("CHECK ((7 <> y))"));
  }

  @Test
  void negativeAndDecimalLiteralsLoseTheirCasts() {
    // n numeric(6,2) CHECK (n >= -1.5); neg integer CHECK (neg <> -3)
    assertEquals(
        List.of(new CompareLiteral("k", "n", ">=", "-1.5")),
        parse("CHECK ((n >= '-1.5'::numeric))"));
    assertEquals(
        List.of(new CompareLiteral("k", "neg", "<>", "-3")),
        parse("CHECK ((neg <> '-3'::integer))"));
    // big bigint CHECK (big < 9223372036854775807)
    assertEquals(
        List.of(new CompareLiteral("k", "big", "<", "9223372036854775807")),
        parse("CHECK ((big < '9223372036854775807'::bigint))"));
    // dbl double precision CHECK (dbl > 1.5); dd double precision CHECK (dd > 1e10)
    assertEquals(
        List.of(new CompareLiteral("k", "dbl", ">", "1.5")),
        parse("CHECK ((dbl > (1.5)::double precision))"));
    assertEquals(
        List.of(new CompareLiteral("k", "dd", ">", "10000000000")),
        parse("CHECK ((dd > ('10000000000'::numeric)::double precision))"));
  }

  @Test
  void quotedLiteralsWithCasts() {
    // d date CHECK (d >= '2020-01-01')
    assertEquals(
        List.of(new CompareLiteral("k", "d", ">=", "2020-01-01")),
        parse("CHECK ((d >= '2020-01-01'::date))"));
    // ts timestamp CHECK (ts < '2030-01-01 00:00:00')
    assertEquals(
        List.of(new CompareLiteral("k", "ts", "<", "2030-01-01 00:00:00")),
        parse("CHECK ((ts < '2030-01-01 00:00:00'::timestamp without time zone))"));
    // tstz timestamptz CHECK (tstz > '2020-01-01 00:00:00+00')
    assertEquals(
        List.of(new CompareLiteral("k", "tstz", ">", "2020-01-01 00:00:00+00")),
        parse("CHECK ((tstz > '2020-01-01 00:00:00+00'::timestamp with time zone))"));
    // t time CHECK (t > '08:00')
    assertEquals(
        List.of(new CompareLiteral("k", "t", ">", "08:00:00")),
        parse("CHECK ((t > '08:00:00'::time without time zone))"));
    // q varchar(5) CHECK (q <> 'x'); e text CHECK (e = ''); bs text CHECK (bs <> 'a\b')
    assertEquals(
        List.of(new CompareLiteral("k", "q", "<>", "x")),
        parse("CHECK (((q)::text <> 'x'::text))"));
    assertEquals(List.of(new CompareLiteral("k", "e", "=", "")), parse("CHECK ((e = ''::text))"));
    assertEquals(
        List.of(new CompareLiteral("k", "bs", "<>", "a\\b")),
        parse("CHECK ((bs <> 'a\\b'::text))"));
    // one varchar(5) CHECK (one IN ('a')): a one-element IN prints as a plain equality.
    assertEquals(
        List.of(new CompareLiteral("k", "one", "=", "a")),
        parse("CHECK (((one)::text = 'a'::text))"));
  }

  // CHECK (stop_time > start_time)
  @Test
  void comparisonBetweenColumns() {
    assertEquals(
        List.of(new CompareColumns("k", "stop_time", ">", "start_time")),
        parse("CHECK ((stop_time > start_time))"));
  }

  @Test
  void everyConjunctBecomesItsOwnCheck() {
    // CHECK (a > 0 AND b < 10 AND a <> b)
    assertEquals(
        List.of(
            new CompareLiteral("k", "a", ">", "0"),
            new CompareLiteral("k", "b", "<", "10"),
            new CompareColumns("k", "a", "<>", "b")),
        parse("CHECK (((a > 0) AND (b < 10) AND (a <> b)))"));
    // CHECK (a > 0 AND (b > 0 AND c > 0)): nested conjunctions flatten.
    assertEquals(
        List.of(
            new CompareLiteral("k", "a", ">", "0"),
            new CompareLiteral("k", "b", ">", "0"),
            new CompareLiteral("k", "c", ">", "0")),
        parse("CHECK (((a > 0) AND ((b > 0) AND (c > 0))))"));
    // vv varchar(10) CHECK (vv > 'b' AND vv < 'y'); mixed with an IN list.
    assertEquals(
        List.of(new CompareLiteral("k", "vv", ">", "b"), new CompareLiteral("k", "vv", "<", "y")),
        parse("CHECK ((((vv)::text > 'b'::text) AND ((vv)::text < 'y'::text)))"));
    assertEquals(
        List.of(new InList("k", "x", List.of("1", "2")), new CompareLiteral("k", "y", ">", "0")),
        parse("CHECK (((x = ANY (ARRAY[1, 2])) AND (y > 0)))"));
  }

  // code varchar(20) CHECK (length(code) = 8); x text CHECK (length(x) >= 2)
  @Test
  void lengthOfAColumnComparedWithAnInteger() {
    assertEquals(
        List.of(new Length("k", "code", "length", "=", "8")),
        parse("CHECK ((length((code)::text) = 8))"));
    assertEquals(
        List.of(new Length("k", "x", "length", ">=", "2")), parse("CHECK ((length(x) >= 2))"));
    // o varchar(10) CHECK (octet_length(o) < 9)
    assertEquals(
        List.of(new Length("k", "o", "octet_length", "<", "9")),
        parse("CHECK ((octet_length((o)::text) < 9))"));
    // z text CHECK (3 <= length(z)): the length moves left and the operator flips.
    assertEquals(
        List.of(new Length("k", "z", "length", ">=", "3")), parse("CHECK ((3 <= length(z)))"));
  }

  // name text CHECK (char_length(name) BETWEEN 3 AND 40); a domain's CHECK (length(VALUE) BETWEEN 8
  // AND 8)
  @Test
  void lengthBetweenBecomesTwoBounds() {
    assertEquals(
        List.of(
            new Length("k", "name", "char_length", ">=", "3"),
            new Length("k", "name", "char_length", "<=", "40")),
        parse("CHECK (((char_length(name) >= 3) AND (char_length(name) <= 40)))"));
    assertEquals(
        List.of(
            new Length("k", "VALUE", "length", ">=", "8"),
            new Length("k", "VALUE", "length", "<=", "8")),
        parse("CHECK (((length(VALUE) >= 8) AND (length(VALUE) <= 8)))"));
  }

  // code text CHECK (code ~ '^[A-Z]{3}-[0-9]{4}$'); CREATE DOMAIN sku AS text CHECK (VALUE ~
  // '^\d+$')
  @Test
  void patternMatch() {
    assertEquals(
        List.of(new Matches("k", "code", "^[A-Z]{3}-[0-9]{4}$", false)),
        parse("CHECK ((code ~ '^[A-Z]{3}-[0-9]{4}$'::text))"));
    assertEquals(
        List.of(new Matches("k", "VALUE", "^\\d+$", false)),
        parse("CHECK ((VALUE ~ '^\\d+$'::text))"));
    // vc varchar(9) CHECK (vc ~ 'it''s'): the cast on the column and the doubled quote go.
    assertEquals(
        List.of(new Matches("k", "vc", "it's", false)),
        parse("CHECK (((vc)::text ~ 'it''s'::text))"));
  }

  // c2 char(8) CHECK (c2 ~* '^[a-z]+\d$' AND character_length(c2) > 2)
  @Test
  void caseInsensitivePatternWithALength() {
    assertEquals(
        List.of(
            new Matches("k", "c2", "^[a-z]+\\d$", true),
            new Length("k", "c2", "char_length", ">", "2")),
        parse("CHECK (((c2 ~* '^[a-z]+\\d$'::text) AND (character_length(c2) > 2)))"));
  }

  /** Key parts as {@code pg_get_indexdef(index, n, true)} prints them. */
  @Test
  void uniqueIndexKeyPartsNameTheirColumn() {
    assertEquals("email", CheckParser.indexKeyColumn("lower(email)"));
    assertEquals("code", CheckParser.indexKeyColumn("upper(code::text)"));
    assertEquals("code", CheckParser.indexKeyColumn("upper((code)::text)"));
    assertEquals("Mixed Col", CheckParser.indexKeyColumn("lower(\"Mixed Col\")"));
    assertEquals("a", CheckParser.indexKeyColumn("a"));
    assertNull(CheckParser.indexKeyColumn("(a + b)"));
    assertNull(CheckParser.indexKeyColumn("COALESCE(deleted_at, '1970-01-01'::date)"));
    assertNull(CheckParser.indexKeyColumn("lower(first || last)"));
    assertNull(CheckParser.indexKeyColumn("length(code)"));
    assertNull(CheckParser.indexKeyColumn("lower(a, b)"));
  }

  // ALTER TABLE ... ADD CHECK (a < 100) NOT VALID; ni int CHECK (ni > 0) NO INHERIT
  @Test
  void trailingConstraintOptionsAreAccepted() {
    assertEquals(
        List.of(new CompareLiteral("k", "a", "<", "100")), parse("CHECK ((a < 100)) NOT VALID"));
    assertEquals(
        List.of(new CompareLiteral("k", "ni", ">", "0")), parse("CHECK ((ni > 0)) NO INHERIT"));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "CHECK ((lower(name) = name))", // name text CHECK (lower(name) = name)
        "CHECK ((length(name) > a))", // a length compared with a column
        "CHECK ((length(name) > '3.5'::numeric))", // a length compared with a fraction
        "CHECK ((length(lower(name)) > 3))", // a length of an expression
        "CHECK ((code !~ '^x'::text))", // code text CHECK (code !~ '^x')
        "CHECK ((code !~~ 'x%'::text))", // code text CHECK (code NOT LIKE 'x%')
        "CHECK ((code ~~ other))", // a LIKE pattern from a column
        "CHECK (('^x'::text ~ code))", // the column is the pattern
        "CHECK ((code ~ other))", // a pattern from a column
        "CHECK (((a + b) > 0))", // CHECK (a + b > 0)
        "CHECK ((nin > ALL (ARRAY[1, 2])))", // nin int CHECK (nin > ALL (ARRAY[1, 2]))
        "CHECK ((nin <> ALL (ARRAY[a, 2])))", // a column inside the list
        "CHECK ((gone IS NULL))", // a column kept NULL is not a choice Spate makes
        "CHECK (((a IS NULL) OR (lower(name) = name)))", // no branch Spate can keep
        "CHECK (((tm)::time with time zone <= CURRENT_TIME))", // a time of day
        "CHECK ((d = CURRENT_DATE))", // the clock as a value, not a bound
        "CHECK ((lower(code) = ANY (ARRAY['X'::text, 'Y'::text])))", // no value lower keeps
        "CHECK ((upper(code) < 'M'::text))", // an order on a folded column
        "CHECK (((a > 0) AND (lower(name) = name)))", // one bad conjunct spoils the whole
        "CHECK ((x = ANY (ARRAY[y, 2])))", // a column inside the list
        "CHECK ((1 < 2))", // no column at all
        "CHECK (flag)", // a boolean column on its own
        "CHECK ((a > 0)", // unbalanced
        "CHECK ((s = 'open))", // unterminated string
      })
  void anythingElseIsOneUnparsedCheck(String definition) {
    assertEquals(
        List.of(new Unparsed("k", List.of("a", "b"), definition)), parse(definition, "a", "b"));
  }

  // priority int CHECK (priority = 1 OR priority = 2 OR priority = 3)
  @Test
  void equalitiesOnOneColumnJoinedByOrBecomeOneList() {
    assertEquals(
        List.of(new InList("k", "priority", List.of("1", "2", "3"))),
        parse("CHECK (((priority = 1) OR (priority = 2) OR (priority = 3)))"));
    assertEquals( // kind text CHECK (kind IN ('air', 'sea') OR kind = 'road')
        List.of(new InList("k", "kind", List.of("air", "sea", "road"))),
        parse("CHECK (((kind = ANY (ARRAY['air'::text, 'sea'::text])) OR (kind = 'road'::text)))"));
  }

  // CHECK (discount IS NULL OR discount BETWEEN 0 AND 50); CHECK (end_at >= start_at OR end_at IS
  // NULL); CHECK (a = 1 OR b = 2)
  @Test
  void aDisjunctionReadsAsItsFirstBranchThatNeedsNoNull() {
    assertEquals(
        List.of(
            new CompareLiteral("k", "discount", ">=", "0"),
            new CompareLiteral("k", "discount", "<=", "50")),
        parse(
            "CHECK (((discount IS NULL) OR ((discount >= (0)::numeric) AND (discount <= (50)::numeric))))"));
    assertEquals(
        List.of(new CompareColumns("k", "end_at", ">=", "start_at")),
        parse("CHECK (((end_at >= start_at) OR (end_at IS NULL)))"));
    assertEquals(
        List.of(new CompareLiteral("k", "a", "=", "1")), parse("CHECK (((a = 1) OR (b = 2)))"));
    assertEquals( // kind text CHECK (kind IN ('air', 'sea') OR kind LIKE 'road-%')
        List.of(new InList("k", "kind", List.of("air", "sea"))),
        parse(
            "CHECK (((kind = ANY (ARRAY['air'::text, 'sea'::text])) OR (kind ~~ 'road-%'::text)))"));
    assertEquals( // CHECK (lower(name) = name OR a > 0): the first branch is outside the grammar
        List.of(new CompareLiteral("k", "a", ">", "0")),
        parse("CHECK (((lower(name) = name) OR (a > 0)))"));
  }

  // CHECK (NOT (grade = 'F')); CHECK (NOT (quantity < 0 OR quantity > 100)); CHECK (NOT (label IS
  // NULL)); CHECK (NOT (a = 1 AND b IS NOT NULL))
  @Test
  void notIsPushedIntoWhatItNegates() {
    assertEquals(
        List.of(new CompareLiteral("k", "grade", "<>", "F")),
        parse("CHECK ((NOT (grade = 'F'::bpchar)))"));
    assertEquals(
        List.of(
            new CompareLiteral("k", "quantity", ">=", "0"),
            new CompareLiteral("k", "quantity", "<=", "100")),
        parse("CHECK ((NOT ((quantity < 0) OR (quantity > 100))))"));
    assertEquals(List.of(), parse("CHECK ((NOT (label IS NULL)))"));
    assertEquals(List.of("label"), notNull("CHECK ((NOT (label IS NULL)))"));
    assertEquals(
        List.of(new CompareLiteral("k", "a", "<>", "1")),
        parse("CHECK ((NOT ((a = 1) AND (b IS NOT NULL))))"));
  }

  // nn int CHECK (nn IS NOT NULL); CHECK ((shipped_at IS NULL) = (tracking IS NULL));
  // CHECK ((a IS NULL) <> (b IS NULL))
  @Test
  void isNotNullAndEqualNullnessKeepTheColumnsNeverNull() {
    assertEquals(List.of("nn"), notNull("CHECK ((nn IS NOT NULL))"));
    assertEquals(
        List.of("shipped_at", "tracking"),
        notNull("CHECK (((shipped_at IS NULL) = (tracking IS NULL)))"));
    assertEquals(List.of(), parse("CHECK (((shipped_at IS NULL) = (tracking IS NULL)))"));
    // (a IS NULL AND b IS NOT NULL) OR (a IS NOT NULL AND b IS NULL): each branch needs a NULL
    assertEquals(
        List.of(new Unparsed("k", List.of(), "CHECK (((a IS NULL) <> (b IS NULL)))")),
        parse("CHECK (((a IS NULL) <> (b IS NULL)))"));
  }

  // code text CHECK (code LIKE 'AB%'); email varchar(80) CHECK (email LIKE '%@%');
  // sku text CHECK (sku LIKE 'SK-____'); code text CHECK (code ILIKE 'ab\_%')
  @Test
  void likeBecomesAnAnchoredPattern() {
    assertEquals(
        List.of(new Matches("k", "code", "^AB.*$", false)), parse("CHECK ((code ~~ 'AB%'::text))"));
    assertEquals(
        List.of(new Matches("k", "email", "^.*@.*$", false)),
        parse("CHECK (((email)::text ~~ '%@%'::text))"));
    assertEquals(
        List.of(new Matches("k", "sku", "^SK-....$", false)),
        parse("CHECK ((sku ~~ 'SK-____'::text))"));
    assertEquals(
        List.of(new Matches("k", "code", "^ab_.*$", true)),
        parse("CHECK ((code ~~* 'ab\\_%'::text))"));
    assertEquals( // code text CHECK (code LIKE 'v1.0%')
        List.of(new Matches("k", "code", "^v1\\.0.*$", false)),
        parse("CHECK ((code ~~ 'v1.0%'::text))"));
  }

  // currency text CHECK (upper(currency) = ANY (ARRAY['USD', 'EUR', 'usd'])); code text CHECK
  // (lower(code) IN ('x', 'Y')); CHECK (upper(cc) = 'GB')
  @Test
  void aListOverAFoldedColumnKeepsTheValuesTheFoldLeavesAlike() {
    assertEquals(
        List.of(new InList("k", "currency", List.of("USD", "EUR"))),
        parse("CHECK ((upper(currency) = ANY (ARRAY['USD'::text, 'EUR'::text, 'usd'::text])))"));
    assertEquals(
        List.of(new InList("k", "code", List.of("x"))),
        parse("CHECK ((lower(code) = ANY (ARRAY['x'::text, 'Y'::text])))"));
    assertEquals(
        List.of(new CompareLiteral("k", "cc", "=", "GB")),
        parse("CHECK ((upper((cc)::text) = 'GB'::text))"));
  }

  // created_at timestamptz CHECK (created_at <= now()); CHECK (now() > tz); booked_on date CHECK
  // (booked_on BETWEEN '2020-01-01' AND CURRENT_DATE); CHECK (ts < LOCALTIMESTAMP(0) AND tz >=
  // statement_timestamp())
  @Test
  void theClockIsABoundLeftForThePlannerToPin() {
    assertEquals(
        List.of(new CompareLiteral("k", "created_at", "<=", "now()")),
        parse("CHECK ((created_at <= now()))"));
    assertEquals(
        List.of(new CompareLiteral("k", "tz", "<", "now()")), parse("CHECK ((now() > tz))"));
    assertEquals(
        List.of(
            new CompareLiteral("k", "d", ">=", "2020-01-01"),
            new CompareLiteral("k", "d", "<=", "CURRENT_DATE")),
        parse("CHECK (((d >= '2020-01-01'::date) AND (d <= CURRENT_DATE)))"));
    assertEquals(
        List.of(
            new CompareLiteral("k", "ts", "<", "LOCALTIMESTAMP"),
            new CompareLiteral("k", "tz", ">=", "statement_timestamp()")),
        parse("CHECK (((ts < LOCALTIMESTAMP(0)) AND (tz >= statement_timestamp())))"));
    assertEquals(
        List.of(new CompareLiteral("k", "e", ">", "CURRENT_TIMESTAMP")),
        parse("CHECK ((e > CURRENT_TIMESTAMP))"));
    assertTrue(Check.CLOCKS.containsAll(List.of("now()", "CURRENT_DATE", "LOCALTIMESTAMP")));
  }

  // nin int CHECK (nin NOT IN (1, 2)); CHECK (NOT (a IN (1, 2))); g grade CHECK (g NOT IN ('C',
  // 'F')); CHECK (NOT (s <> ALL (ARRAY['x'])))
  @Test
  void notInExcludesEachValue() {
    assertEquals(
        List.of(
            new CompareLiteral("k", "nin", "<>", "1"), new CompareLiteral("k", "nin", "<>", "2")),
        parse("CHECK ((nin <> ALL (ARRAY[1, 2])))"));
    assertEquals(
        List.of(new CompareLiteral("k", "a", "<>", "1"), new CompareLiteral("k", "a", "<>", "2")),
        parse("CHECK ((NOT (a = ANY (ARRAY[1, 2]))))"));
    assertEquals(
        List.of(new CompareLiteral("k", "g", "<>", "C"), new CompareLiteral("k", "g", "<>", "F")),
        parse("CHECK ((g <> ALL (ARRAY['C'::grade, 'F'::grade])))"));
    assertEquals(
        List.of(new InList("k", "s", List.of("x"))),
        parse("CHECK ((NOT (s <> ALL (ARRAY['x'::text]))))"));
  }

  // primary_for_locale boolean, CHECK ((locale IS NULL AND primary_for_locale IS FALSE) OR
  // locale IS NOT NULL) (MusicBrainz); flag boolean CHECK (flag IS TRUE)
  @Test
  void isTrueAndIsFalseAreAnEqualityOnANonNullColumn() {
    String primary =
        "CHECK ((((locale IS NULL) AND (primary_for_locale IS FALSE)) OR (locale IS NOT NULL)))";
    assertEquals(List.of(), parse(primary, "locale", "primary_for_locale"));
    assertEquals(List.of("locale"), notNull(primary));
    assertEquals(
        List.of(new CompareLiteral("k", "flag", "=", "true")), parse("CHECK ((flag IS TRUE))"));
    assertEquals(List.of("flag"), notNull("CHECK ((flag IS TRUE))"));
    assertEquals(
        List.of(new CompareLiteral("k", "flag", "=", "true")),
        parse("CHECK ((flag IS NOT FALSE))"),
        "true, or NULL: the branch Spate keeps without NULLs");
  }

  // behaviour text CHECK (behaviour = ANY ('{BLOCK,ALLOW}')) as Sourcegraph's schema writes it
  @Test
  void anArrayLiteralListsItsElements() {
    assertEquals(
        List.of(new InList("k", "behaviour", List.of("BLOCK", "ALLOW"))),
        parse("CHECK ((behaviour = ANY ('{BLOCK,ALLOW}'::text[])))"));
    assertEquals(
        List.of(new InList("k", "scheme", List.of("rust-analyzer", "a \"b\", c"))),
        parse("CHECK ((scheme = ANY ('{rust-analyzer,\"a \\\"b\\\", c\"}'::text[])))"));
    assertEquals(
        "Unparsed",
        parse("CHECK ((scheme = ANY ('{a,NULL}'::text[])))", "scheme")
            .getFirst()
            .getClass()
            .getSimpleName(),
        "a NULL element is not a value to write");
  }

  @Test
  void aSearchedCaseOfPredicatesReadsAsTheDisjunctionOfItsBranches() {
    String definition =
        "CHECK (CASE WHEN (redundancy_group_id IS NULL) THEN (host_id IS NOT NULL)"
            + " ELSE ((host_id IS NULL) AND (service_id IS NULL)) END)";
    List<CheckParser.Branch> branches = CheckParser.branches("ck", definition);
    assertEquals(2, branches.size(), branches.toString());
    assertEquals(Set.of("redundancy_group_id"), branches.get(0).nulls(), branches.toString());
    assertEquals(Set.of("host_id"), branches.get(0).notNull(), branches.toString());
    assertEquals(
        Set.of("redundancy_group_id"), branches.get(1).notNull(), branches.get(1).toString());
    assertEquals(Set.of("host_id", "service_id"), branches.get(1).nulls(), branches.toString());
    // a CASE with no ELSE is NULL, which a CHECK passes: not read
    assertEquals(
        List.of(),
        CheckParser.branches("ck", "CHECK (CASE WHEN (a IS NULL) THEN (b IS NOT NULL) END)"));
  }
}
