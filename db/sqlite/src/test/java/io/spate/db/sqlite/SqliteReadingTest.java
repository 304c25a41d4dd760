package io.spate.db.sqlite;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.spate.core.introspect.CheckParser;
import io.spate.protocol.schema.Check;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.SqlType;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How the SQLite target reads declared types and the CHECKs of a {@code CREATE TABLE} text. */
class SqliteReadingTest {

  private static Column column(String declared) {
    return SqliteTypes.map(new SqliteTypes.Declared("c", declared, false, null, false, false));
  }

  @Test
  void theAffinityRulesApplyInSqlitesOrder() {
    assertEquals(SqliteTypes.Affinity.INTEGER, SqliteTypes.affinity("INT"));
    assertEquals(SqliteTypes.Affinity.INTEGER, SqliteTypes.affinity("POINT")); // INT wins
    assertEquals(SqliteTypes.Affinity.TEXT, SqliteTypes.affinity("NVARCHAR(20)"));
    assertEquals(SqliteTypes.Affinity.TEXT, SqliteTypes.affinity("CLOB"));
    assertEquals(SqliteTypes.Affinity.INTEGER, SqliteTypes.affinity("CHARINT")); // rule 1 first
    assertEquals(SqliteTypes.Affinity.BLOB, SqliteTypes.affinity("BLOB"));
    assertEquals(SqliteTypes.Affinity.BLOB, SqliteTypes.affinity(""));
    assertEquals(SqliteTypes.Affinity.REAL, SqliteTypes.affinity("DOUBLE PRECISION"));
    assertEquals(SqliteTypes.Affinity.REAL, SqliteTypes.affinity("FLOAT"));
    assertEquals(SqliteTypes.Affinity.NUMERIC, SqliteTypes.affinity("STRING")); // SQLite's own
    assertEquals(SqliteTypes.Affinity.NUMERIC, SqliteTypes.affinity("DECIMAL(10,2)"));
  }

  @Test
  void declaredTypesDecideWhatIsDrawn() {
    assertEquals(SqlType.INTEGER, column("INTEGER").type());
    assertEquals(SqlType.INTEGER, column("int").type());
    assertEquals(SqlType.INTEGER, column("MEDIUMINT").type());
    assertEquals(SqlType.BIGINT, column("bigint").type());
    assertEquals(SqlType.BIGINT, column("UNSIGNED BIG INT").type());
    assertEquals(SqlType.SMALLINT, column("smallint").type());
    assertEquals(SqlType.SMALLINT, column("TINYINT").type());
    assertEquals(SqlType.TEXT, column("TEXT").type());
    assertEquals(SqlType.TEXT, column("CLOB").type());
    assertEquals(SqlType.BYTEA, column("BLOB").type());
    assertEquals(SqlType.DOUBLE, column("REAL").type());
    assertEquals(SqlType.DOUBLE, column("double precision").type());
    assertEquals(SqlType.NUMERIC, column("STRING").type());
    assertEquals(SqlType.NUMERIC, column("MONEY").type());
    // no type at all keeps whatever it is given: drawn as text
    assertEquals(SqlType.TEXT, column("").type());
  }

  @Test
  void declaredLengthsBoundTextAndDecimalsKeepPrecisionAndScale() {
    Column varchar = column("VARCHAR(40)");
    assertEquals(SqlType.VARCHAR, varchar.type());
    assertEquals(40, varchar.length());
    assertEquals(SqlType.VARCHAR, column("character varying(12)").type());
    assertEquals(12, column("NATIVE CHARACTER(12)").length());
    Column fixed = column("char(3)");
    assertEquals(SqlType.CHAR, fixed.type());
    assertEquals(3, fixed.length());
    assertEquals(-1, column("TEXT").length());
    Column decimal = column("DECIMAL(12, 2)");
    assertEquals(SqlType.NUMERIC, decimal.type());
    assertEquals(12, decimal.precision());
    assertEquals(2, decimal.scale());
    assertEquals(0, column("NUMERIC(8)").scale());
    assertEquals(-1, column("NUMERIC").precision());
  }

  @Test
  void theNamesApplicationsDeclareForTypesSqliteLacksMapToThem() {
    assertEquals(SqlType.DATE, column("DATE").type());
    assertEquals(SqlType.TIMESTAMP, column("DATETIME").type());
    assertEquals(SqlType.TIMESTAMP, column("timestamp").type());
    assertEquals(SqlType.TIMESTAMPTZ, column("timestamp with time zone").type());
    assertEquals(SqlType.TIME, column("TIME").type());
    assertEquals(SqlType.BOOLEAN, column("BOOLEAN").type());
    assertEquals(SqlType.BOOLEAN, column("bool").type());
    assertEquals(SqlType.UUID, column("UUID").type());
    assertEquals(SqlType.JSON, column("JSON").type());
  }

  @Test
  void aColumnKeepsItsNullabilityDefaultAndIdentity() {
    Column id = SqliteTypes.map(new SqliteTypes.Declared("id", "INTEGER", true, null, true, false));
    assertEquals(false, id.nullable());
    assertEquals(true, id.identity());
    Column status =
        SqliteTypes.map(new SqliteTypes.Declared("s", "TEXT", false, "'new'", false, false));
    assertEquals("'new'", status.defaultExpr());
    assertEquals(true, status.nullable());
  }

  private static final List<String> COLUMNS = List.of("id", "amount", "code", "note", "a", "b");

  @Test
  void checksAreReadFromTheCreateTableTextWithTheirNames() {
    List<CheckClauses.Clause> clauses =
        CheckClauses.read(
            "orders",
            """
            CREATE TABLE orders (
              id INTEGER PRIMARY KEY,
              amount NUMERIC(10,2) NOT NULL CHECK (amount > 0),
              code TEXT CONSTRAINT code_shape CHECK (length(code) = 3),
              a INT, b INT,
              CHECK (a <= b),
              CONSTRAINT b_small CHECK (b < 100)
            )""",
            COLUMNS);
    assertEquals(
        List.of(
            new CheckClauses.Clause(
                "orders_amount_check", "amount", "CHECK (\"amount\" > 0)", List.of("amount")),
            new CheckClauses.Clause(
                "code_shape", "code", "CHECK (length ( \"code\" ) = 3)", List.of("code")),
            new CheckClauses.Clause(
                "orders_check", null, "CHECK (\"a\" <= \"b\")", List.of("a", "b")),
            new CheckClauses.Clause("b_small", null, "CHECK (\"b\" < 100)", List.of("b"))),
        clauses);
  }

  @Test
  void parenthesesCommasAndQuotesInsideStringsNamesAndCommentsNeverEndAClause() {
    List<CheckClauses.Clause> clauses =
        CheckClauses.read(
            "t",
            """
            CREATE TABLE "t" ( -- a comment with ( and ,
              [code] TEXT CHECK ([code] IN ('a)', 'b,''c', "x(y")) /* ) , CHECK (1) */,
              note TEXT DEFAULT ('(,)') CHECK ((Note <> '') AND (length(note) < (10 + 2))),
              `a` INT CHECK (`A` == 1)
            )""",
            COLUMNS);
    assertEquals(3, clauses.size(), clauses::toString);
    assertEquals("CHECK (\"code\" IN ( 'a)' , 'b,''c' , \"x(y\" ))", clauses.get(0).definition());
    assertEquals("t_code_check", clauses.get(0).name());
    assertEquals(
        "CHECK (( \"note\" <> '' ) AND ( length ( \"note\" ) < ( 10 + 2 ) ))",
        clauses.get(1).definition());
    assertEquals("CHECK (\"a\" = 1)", clauses.get(2).definition()); // == is SQLite's =
  }

  @Test
  void theSharedParserReadsWhatSqliteChecksSay() {
    List<CheckClauses.Clause> clauses =
        CheckClauses.read(
            "t",
            "CREATE TABLE t (code TEXT CHECK (code IN ('a', 'b')), amount REAL"
                + " CHECK (amount BETWEEN 1 AND 5), note TEXT CHECK (note GLOB '[A-Z]*'))",
            COLUMNS);
    CheckParser.Reading in = CheckParser.parse("in", clauses.get(0).definition(), List.of("code"));
    assertEquals(Check.InList.class, in.checks().getFirst().getClass(), in.toString());
    CheckParser.Reading between =
        CheckParser.parse("between", clauses.get(1).definition(), List.of("amount"));
    assertEquals(2, between.checks().size(), between.toString());
    // GLOB is SQLite's alone: the server judges it (SqliteServerChecks)
    CheckParser.Reading glob =
        CheckParser.parse("glob", clauses.get(2).definition(), List.of("note"));
    assertEquals(Check.Unparsed.class, glob.checks().getFirst().getClass());
  }
}
