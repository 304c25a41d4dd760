package io.spate.core.introspect;

import io.spate.core.introspect.DdlStatements.Dialect;
import io.spate.core.introspect.DdlStatements.Statement;
import io.spate.protocol.error.Problems;
import io.spate.protocol.error.SpateException;
import io.spate.protocol.schema.Check;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.ForeignKey;
import io.spate.protocol.schema.LoadBarrier;
import io.spate.protocol.schema.Schema;
import io.spate.protocol.schema.Table;
import io.spate.protocol.schema.UniqueKey;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import net.sf.jsqlparser.JSQLParserException;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.ExpressionVisitorAdapter;
import net.sf.jsqlparser.parser.CCJSqlParserUtil;
import net.sf.jsqlparser.parser.TokenMgrException;
import net.sf.jsqlparser.statement.alter.Alter;
import net.sf.jsqlparser.statement.alter.AlterExpression;
import net.sf.jsqlparser.statement.alter.AlterOperation;
import net.sf.jsqlparser.statement.create.index.CreateIndex;
import net.sf.jsqlparser.statement.create.table.CheckConstraint;
import net.sf.jsqlparser.statement.create.table.ColumnDefinition;
import net.sf.jsqlparser.statement.create.table.CreateTable;
import net.sf.jsqlparser.statement.create.table.ExcludeConstraint;
import net.sf.jsqlparser.statement.create.table.ForeignKeyIndex;
import net.sf.jsqlparser.statement.create.table.ForeignKeyReference;
import net.sf.jsqlparser.statement.create.table.Index;
import net.sf.jsqlparser.statement.create.table.NamedConstraint;
import net.sf.jsqlparser.statement.create.type.CreateType;
import net.sf.jsqlparser.statement.create.type.EnumTypeDefinition;
import net.sf.jsqlparser.statement.drop.Drop;

/**
 * Reads the tables of a DDL file (a schema dump, a migration's end state) into the {@link Schema}
 * model, for a fill that has no database to introspect, only the DDL: the statements are cut by
 * {@link DdlStatements} and each is parsed by JSqlParser; this class folds the parsed statements
 * into one {@link TableParts} per table, as the introspectors fold catalog rows, and builds them.
 *
 * <p>Design: the schema read is the one the target's introspector would read from a database the
 * file was run in. The file's dialect ({@link DdlStatements#dialect}) decides the types ({@link
 * DdlTypes}), how unquoted names fold (PostgreSQL: lower case) and the names of unnamed constraints
 * (PostgreSQL's {@code t_pkey}, {@code t_a_b_key}, {@code t_a_fkey}, {@code t_a_check}; MariaDB's
 * {@code PRIMARY}, {@code t_ibfk_1}, ...), and constraints are added in name order, as {@code
 * pg_constraint} lists them. CHECK texts go through {@link CheckParser} like the catalogs'.
 *
 * <p>Invariant: nothing that shapes the data is skipped silently. A statement the parser cannot
 * read, a type Spate cannot map or a clause this reader does not know is a problem naming the file,
 * the line and the statement, and every problem is reported at once. Statements that do not shape
 * the rows (SET, COMMENT, CREATE EXTENSION, a plain CREATE INDEX, functions, triggers, grants, ...)
 * are skipped and listed in the {@link Reading#notes}. Not read: partitioned tables, domains,
 * composite and range types, table inheritance, {@code CREATE TABLE ... AS} and {@code LIKE}.
 */
public final class DdlSchema {

  /**
   * A DDL file read.
   *
   * @param notes for the user: the dialect the file was read in and why, the tables read, the
   *     statements skipped
   */
  public record Reading(Schema schema, List<String> notes) {
    public Reading {
      notes = List.copyOf(notes);
    }
  }

  /** The statements that do not shape the rows, by their first words; skipped with a note. */
  private static final List<List<String>> SKIPPED =
      List.of(
          List.of("SET"),
          List.of("SELECT"),
          List.of("COMMENT"),
          List.of("GRANT"),
          List.of("REVOKE"),
          List.of("USE"),
          List.of("LOCK"),
          List.of("UNLOCK"),
          List.of("BEGIN"),
          List.of("START"),
          List.of("COMMIT"),
          List.of("ANALYZE"),
          List.of("VACUUM"),
          List.of("INSERT"),
          List.of("COPY"),
          List.of("DELIMITER"),
          List.of("CREATE", "EXTENSION"),
          List.of("CREATE", "SCHEMA"),
          List.of("CREATE", "DATABASE"),
          List.of("CREATE", "SEQUENCE"),
          List.of("CREATE", "INDEX"),
          List.of("CREATE", "FUNCTION"),
          List.of("CREATE", "PROCEDURE"),
          List.of("CREATE", "TRIGGER"),
          List.of("CREATE", "VIEW"),
          List.of("CREATE", "MATERIALIZED"),
          List.of("CREATE", "OR"),
          List.of("CREATE", "ROLE"),
          List.of("CREATE", "USER"),
          List.of("CREATE", "POLICY"),
          List.of("CREATE", "PUBLICATION"),
          List.of("CREATE", "STATISTICS"),
          List.of("ALTER", "SEQUENCE"),
          List.of("ALTER", "FUNCTION"),
          List.of("ALTER", "PROCEDURE"),
          List.of("ALTER", "SCHEMA"),
          List.of("ALTER", "DATABASE"),
          List.of("ALTER", "VIEW"),
          List.of("ALTER", "EXTENSION"),
          List.of("ALTER", "DEFAULT"),
          List.of("ALTER", "ROLE"),
          List.of("ALTER", "USER"),
          List.of("DROP"));

  /** The ALTER TABLE actions that do not shape the rows: owner, row security, storage, comments. */
  private static final Set<AlterOperation> NEUTRAL_ALTERS =
      Set.of(
          AlterOperation.UNSPECIFIC,
          AlterOperation.COMMENT,
          AlterOperation.COMMENT_WITH_EQUAL_SIGN,
          AlterOperation.ENGINE,
          AlterOperation.SET_TABLE_OPTION,
          AlterOperation.ENABLE_ROW_LEVEL_SECURITY,
          AlterOperation.DISABLE_ROW_LEVEL_SECURITY,
          AlterOperation.FORCE_ROW_LEVEL_SECURITY,
          AlterOperation.NO_FORCE_ROW_LEVEL_SECURITY,
          AlterOperation.DISABLE_KEYS,
          AlterOperation.ENABLE_KEYS,
          AlterOperation.ALGORITHM,
          AlterOperation.LOCK);

  /** An ALTER TABLE that JSqlParser does not read but that shapes no row (PostgreSQL's dumps). */
  private static final Pattern NEUTRAL_ALTER_TEXT =
      Pattern.compile(
          "(?is)ALTER\\s+TABLE\\s+.*\\s(OWNER\\s+TO|REPLICA\\s+IDENTITY|CLUSTER\\s+ON|"
              + "(ENABLE|DISABLE)\\s+(ALWAYS\\s+|REPLICA\\s+)?TRIGGER|SET\\s+STATISTICS|"
              + "SET\\s+STORAGE|SET\\s*\\()\\s.*");

  /** PostgreSQL's longest name: 63 bytes ({@code NAMEDATALEN} - 1). */
  private static final int NAME_LENGTH = 63;

  private static final Pattern IDENTIFIER_PART =
      Pattern.compile("\"(?:[^\"]|\"\")*\"|`(?:[^`]|``)*`|[^.\\s\"`]+");

  private DdlSchema() {}

  /**
   * Reads {@code file}; with {@code schemas}, only their tables (a foreign key may still reference
   * a table of another).
   *
   * @throws SpateException listing every statement that cannot be read, each by file and line
   */
  public static Reading read(Path file, List<String> schemas) {
    String text;
    try {
      text = Files.readString(file);
    } catch (IOException e) {
      throw new SpateException("cannot read the DDL file " + file + ": " + e, e);
    }
    return read(file.toString(), text, schemas);
  }

  /** Reads the DDL {@code text} of the file named {@code fileName} (for messages). */
  public static Reading read(String fileName, String text, List<String> schemas) {
    DdlStatements statements;
    try {
      statements = DdlStatements.split(text);
    } catch (TokenMgrException e) {
      throw new SpateException("cannot read the DDL file " + fileName + ": " + e.getMessage(), e);
    }
    Fold fold = new Fold(fileName, statements.dialect());
    statements.statements().forEach(fold::statement);
    List<Table> tables = fold.build(schemas);
    fold.problems.throwIfAny("cannot read the schema from " + fileName);
    List<String> notes = new ArrayList<>();
    notes.add(
        "ddl: "
            + fileName
            + " read as "
            + statements.dialect().displayName
            + " ("
            + statements.dialectEvidence()
            + "): "
            + tables.size()
            + (tables.size() == 1 ? " table" : " tables"));
    if (!fold.skipped.isEmpty()) {
      List<String> kinds = new ArrayList<>();
      fold.skipped.forEach((kind, lines) -> kinds.add(kind + " (line " + lines + ")"));
      notes.add(
          "ddl: skipped what does not shape the rows (triggers do not fire on files): "
              + String.join(", ", kinds));
    }
    return new Reading(new Schema(tables), notes);
  }

  /** The key of a type name as written ({@code public.mood}, {@code mood}): {@code public.mood}. */
  static String qualifiedTypeKey(String written) {
    List<String> parts = identifierParts(written, Dialect.POSTGRESQL);
    return parts.size() == 1
        ? Table.DEFAULT_SCHEMA + "." + parts.getFirst()
        : parts.get(parts.size() - 2) + "." + parts.getLast();
  }

  /**
   * The parts of a qualified name, each unquoted, an unquoted one folded as {@code dialect} does.
   */
  private static List<String> identifierParts(String written, Dialect dialect) {
    List<String> parts = new ArrayList<>();
    Matcher m = IDENTIFIER_PART.matcher(written);
    while (m.find()) {
      parts.add(identifier(m.group(), dialect));
    }
    return parts;
  }

  /**
   * One name as the database stores it: unquoted; PostgreSQL folds an unquoted one to lower case.
   */
  static String identifier(String written, Dialect dialect) {
    String s = written.strip();
    if (s.length() >= 2 && s.startsWith("\"") && s.endsWith("\"")) {
      return s.substring(1, s.length() - 1).replace("\"\"", "\"");
    }
    if (s.length() >= 2 && s.startsWith("`") && s.endsWith("`")) {
      return s.substring(1, s.length() - 1).replace("``", "`");
    }
    return dialect == Dialect.POSTGRESQL ? s.toLowerCase(Locale.ROOT) : s;
  }

  /** A constraint of a table as read, added to its {@link TableParts} once the file is read. */
  private sealed interface Constraint {
    String name();

    Statement at();
  }

  /** A primary key, a unique constraint, or a unique index ({@code index}: backs no constraint). */
  private record Key(
      String name,
      List<String> columns,
      boolean primary,
      boolean index,
      String definition,
      List<String> expressions,
      Statement at)
      implements Constraint {}

  /** A foreign key; {@code refColumns} empty: the referenced table's primary key. */
  private record Reference(
      String name,
      List<String> columns,
      String refSchema,
      String refTable,
      List<String> refColumns,
      boolean deferrable,
      Statement at)
      implements Constraint {}

  private record CheckText(String name, String definition, List<String> mentioned, Statement at)
      implements Constraint {}

  /** An exclusion constraint: Spate does not keep one, so the table may only be left empty. */
  private record Exclusion(String name, String definition, Statement at) implements Constraint {}

  /** A constraint not named in the DDL: its name is chosen once the statement is read. */
  private record Unnamed(Constraint constraint, String singleColumn) {}

  /** A table while its statements are read. */
  private static final class Draft {
    final TableParts parts;
    final Statement created;
    final List<Constraint> constraints = new ArrayList<>();
    final int bytesPerChar;

    /** The MySQL CHECKs and foreign keys named by counting (t_ibfk_1, CONSTRAINT_1). */
    int mysqlForeignKeys;

    int mysqlChecks;

    Draft(TableParts parts, Statement created, int bytesPerChar) {
      this.parts = parts;
      this.created = created;
      this.bytesPerChar = bytesPerChar;
    }

    boolean hasColumn(String name) {
      return parts.columns.stream().anyMatch(c -> c.name().equals(name));
    }

    boolean hasConstraint(String name) {
      return constraints.stream().anyMatch(c -> name.equals(c.name()));
    }
  }

  /** The fold of one file's statements; used once. */
  private static final class Fold {
    final String fileName;
    final Dialect dialect;
    final Problems problems = new Problems();
    final Map<String, Draft> tables = new LinkedHashMap<>();
    final Map<String, DdlTypes.EnumType> enums = new HashMap<>();

    /** The names of relations and constraints by schema, for choosing PostgreSQL's names. */
    final Map<String, Set<String>> names = new HashMap<>();

    /** The statements skipped, by kind, with their lines. */
    final Map<String, List<Integer>> skipped = new TreeMap<>();

    Fold(String fileName, Dialect dialect) {
      this.fileName = fileName;
      this.dialect = dialect;
    }

    void problem(Statement at, String what) {
      problems.add(fileName + ":" + at.line() + ": " + what + ", in: " + at.brief());
    }

    void statement(Statement st) {
      net.sf.jsqlparser.statement.Statement parsed;
      try {
        parsed = CCJSqlParserUtil.parse(st.text());
      } catch (JSQLParserException | RuntimeException e) {
        if (skippable(st)) {
          skip(st);
        } else {
          problem(st, "the SQL parser cannot read this statement (" + parserMessage(e) + ")");
        }
        return;
      }
      switch (parsed) {
        case CreateTable ct -> createTable(st, ct);
        case Alter a -> alter(st, a);
        case CreateType t -> createType(st, t);
        case CreateIndex i -> createIndex(st, i);
        case Drop d -> drop(st, d);
        default -> {
          if (skippable(st)) {
            skip(st);
          } else {
            problem(st, "Spate reads no " + String.join(" ", st.words()) + " statement");
          }
        }
      }
    }

    boolean skippable(Statement st) {
      return SKIPPED.stream().anyMatch(p -> st.startsWith(p.toArray(String[]::new)))
          || NEUTRAL_ALTER_TEXT.matcher(st.text()).matches();
    }

    void skip(Statement st) {
      List<String> words = st.words();
      String kind =
          words.size() >= 2 && (words.get(0).equals("CREATE") || words.get(0).equals("ALTER"))
              ? words.get(0) + " " + words.get(1)
              : words.get(0);
      skipped.computeIfAbsent(kind, k -> new ArrayList<>()).add(st.line());
    }

    private String parserMessage(Exception e) {
      Throwable cause = e;
      while (cause.getCause() != null) {
        cause = cause.getCause();
      }
      String message = String.valueOf(cause.getMessage());
      return message.lines().findFirst().orElse(message).strip();
    }

    // CREATE TYPE

    void createType(Statement st, CreateType t) {
      if (!(t.getDefinition() instanceof EnumTypeDefinition e)) {
        problem(st, "Spate reads CREATE TYPE ... AS ENUM only, not composite or range types");
        return;
      }
      List<String> parts = identifierParts(t.getName(), Dialect.POSTGRESQL);
      String schema = parts.size() > 1 ? parts.get(parts.size() - 2) : Table.DEFAULT_SCHEMA;
      String name = parts.getLast();
      String typeName =
          schema.equals(Table.DEFAULT_SCHEMA)
              ? pgQuoted(name)
              : pgQuoted(schema) + "." + pgQuoted(name);
      List<String> labels =
          e.getLabels().stream().map(l -> DdlTypes.unquoteString(l.toString())).toList();
      enums.put(schema + "." + name, new DdlTypes.EnumType(typeName, labels));
    }

    /** A name as {@code format_type} prints it: quoted unless plain lower case. */
    private static String pgQuoted(String name) {
      return name.matches("[a-z_][a-z0-9_$]*") ? name : Table.quote(name);
    }

    // CREATE TABLE

    void createTable(Statement st, CreateTable ct) {
      if (ct.getSelect() != null || ct.getLikeTable() != null || ct.getPartitionOf() != null) {
        problem(st, "Spate reads no CREATE TABLE ... AS, LIKE or PARTITION OF");
        return;
      }
      if (ct.getPartitioning() != null) {
        problem(st, "Spate reads no partitioned table from a DDL file");
        return;
      }
      String schema = schemaOf(ct.getTable());
      String name = identifier(ct.getTable().getName(), dialect);
      String id = Table.id(schema, name);
      Draft existing = tables.get(id);
      if (existing != null) {
        if (!ct.isIfNotExists()) {
          problem(
              st,
              "table " + id + " is created twice (first on line " + existing.created.line() + ")");
        }
        return;
      }
      Draft draft = new Draft(new TableParts(schema, name), st, bytesPerChar(ct));
      tables.put(id, draft);
      names(schema).add(name);
      List<Unnamed> unnamed = new ArrayList<>();
      for (ColumnDefinition cd : nonNull(ct.getColumnDefinitions())) {
        column(st, draft, cd, unnamed);
      }
      for (Index index : nonNull(ct.getIndexes())) {
        tableConstraint(st, draft, index, unnamed);
      }
      nameAll(draft, unnamed);
    }

    private String schemaOf(net.sf.jsqlparser.schema.Table table) {
      return table.getSchemaName() == null
          ? Table.DEFAULT_SCHEMA
          : identifier(table.getSchemaName(), dialect);
    }

    /** The most bytes a character of the table's MySQL character set takes (utf8mb4: 4). */
    private static int bytesPerChar(CreateTable ct) {
      String options = String.join(" ", nonNull(ct.getTableOptionsStrings()));
      Matcher charset =
          Pattern.compile("(?i)CHARSET\\s*=?\\s*(\\w+)|CHARACTER\\s+SET\\s*=?\\s*(\\w+)")
              .matcher(options);
      if (!charset.find()) {
        return 4;
      }
      String name = (charset.group(1) != null ? charset.group(1) : charset.group(2));
      return switch (name.toLowerCase(Locale.ROOT)) {
        case "latin1", "ascii", "binary" -> 1;
        case "ucs2" -> 2;
        case "utf8", "utf8mb3" -> 3;
        default -> 4;
      };
    }

    /**
     * A column definition and its inline constraints, read from the clauses JSqlParser keeps as
     * words ({@code NOT}, {@code NULL}, {@code DEFAULT}, the expression, ...).
     */
    void column(Statement st, Draft draft, ColumnDefinition cd, List<Unnamed> unnamed) {
      String name = identifier(cd.getColumnName(), dialect);
      String table = Table.id(draft.parts.schema, draft.parts.name);
      if (draft.hasColumn(name)) {
        problem(st, "column " + table + "." + name + " is declared twice");
        return;
      }
      DdlTypes.Mapped mapped =
          DdlTypes.map(dialect, name, cd.getColDataType(), enums, draft.bytesPerChar);
      if (mapped == null) {
        problem(
            st,
            "column "
                + table
                + "."
                + name
                + " has type "
                + cd.getColDataType().getDataType()
                + ", which Spate does not map to a "
                + dialect.displayName
                + " type it generates");
        return;
      }
      Column c = mapped.column();
      boolean notNull = mapped.serial();
      boolean identity = mapped.serial();
      boolean generated = false;
      String defaultExpr =
          mapped.serial() && dialect == Dialect.POSTGRESQL ? sequenceDefault(draft, name) : null;
      List<String> specs = nonNull(cd.getColumnSpecs());
      String constraintName = null;
      for (int i = 0; i < specs.size(); i++) {
        String spec = specs.get(i);
        String word = spec.toUpperCase(Locale.ROOT);
        String next = i + 1 < specs.size() ? specs.get(i + 1) : null;
        String nextWord = next == null ? "" : next.toUpperCase(Locale.ROOT);
        switch (word) {
          case "CONSTRAINT" -> {
            constraintName = next == null ? null : identifier(next, dialect);
            i++;
            continue;
          }
          case "NOT" -> {
            if (nextWord.equals("NULL")) {
              notNull = true;
              i++;
            } else if (!nextWord.equals("DEFERRABLE")) {
              problem(st, "column " + table + "." + name + ": cannot read NOT " + next);
            } else {
              i++;
            }
          }
          case "NULL",
              "STORED",
              "VIRTUAL",
              "PERSISTENT",
              "VISIBLE",
              "INVISIBLE",
              "INITIALLY",
              "DEFERRED",
              "IMMEDIATE",
              "KEY" -> {
            if (word.equals("KEY") && !(i > 0 && isKeyWord(specs.get(i - 1)))) {
              addInline(draft, unnamed, constraintName, key(draft, name, true, st), name);
            }
          }
          case "DEFAULT" -> {
            defaultExpr = next == null || nextWord.equals("NULL") ? null : next;
            i++;
          }
          case "PRIMARY" ->
              addInline(draft, unnamed, constraintName, key(draft, name, true, st), name);
          case "UNIQUE" ->
              addInline(draft, unnamed, constraintName, key(draft, name, false, st), name);
          case "CHECK" -> {
            addInline(
                draft,
                unnamed,
                constraintName,
                new CheckText(null, "CHECK " + next, mentioned(draft, next, name), st),
                name);
            i++;
          }
          case "DEFERRABLE" -> markDeferrable(draft, unnamed);
          case "AUTO_INCREMENT" -> identity = true;
          case "AS", "GENERATED" -> {
            generated = true;
            while (i + 1 < specs.size() && !specs.get(i).startsWith("(")) {
              i++;
            }
          }
          case "COMMENT", "COLLATE", "CHARSET", "SRID" -> i++;
          case "CHARACTER" -> i += 2;
          case "ON" -> {
            i += 2; // ON UPDATE expression
            if (i + 1 < specs.size() && specs.get(i + 1).startsWith("(")) {
              i++;
            }
          }
          default -> {
            if (word.startsWith("GENERATED") && word.contains("IDENTITY")) {
              identity = true;
              notNull = true;
            } else if (word.startsWith("REFERENCES") && cd.getForeignKeyReference() != null) {
              ForeignKeyReference ref = cd.getForeignKeyReference();
              addInline(
                  draft,
                  unnamed,
                  constraintName,
                  new Reference(
                      null,
                      List.of(name),
                      schemaOf(ref.getTable()),
                      identifier(ref.getTable().getName(), dialect),
                      columnNames(ref.getReferencedColumnNames()),
                      false,
                      st),
                  name);
            } else {
              problem(st, "column " + table + "." + name + ": cannot read " + spec);
            }
          }
        }
        constraintName = null;
      }
      draft.parts.columns.add(
          new Column(
              name,
              c.type(),
              c.typeName(),
              c.length(),
              c.precision(),
              c.scale(),
              !notNull,
              generated,
              identity,
              defaultExpr,
              c.typeOid(),
              c.element(),
              c.enumLabels(),
              c.domainChecks()));
      if (!generated) {
        draft.parts.checks.addAll(
            identity ? DdlTypes.identityChecks(mapped.checks()) : mapped.checks());
      }
      if (mapped.serial() && dialect == Dialect.MYSQL) {
        addInline(draft, unnamed, null, key(draft, name, false, st), name);
      }
    }

    private static boolean isKeyWord(String previous) {
      String w = previous.toUpperCase(Locale.ROOT);
      return w.equals("PRIMARY") || w.equals("UNIQUE");
    }

    /** PostgreSQL's default of a serial column: its sequence's next value. */
    private String sequenceDefault(Draft draft, String column) {
      String sequence = makeObjectName(draft.parts.name, column, "seq");
      String qualified =
          draft.parts.schema.equals(Table.DEFAULT_SCHEMA)
              ? pgQuoted(sequence)
              : pgQuoted(draft.parts.schema) + "." + pgQuoted(sequence);
      return "nextval('" + qualified.replace("'", "''") + "'::regclass)";
    }

    private static Key key(Draft draft, String column, boolean primary, Statement st) {
      return new Key(null, List.of(column), primary, false, null, List.of(), st);
    }

    private void addInline(
        Draft draft, List<Unnamed> unnamed, String name, Constraint c, String column) {
      if (name != null) {
        draft.constraints.add(named(c, name));
      } else {
        unnamed.add(new Unnamed(c, column));
      }
    }

    /** {@code DEFERRABLE} after an inline {@code REFERENCES}: the last foreign key read. */
    private void markDeferrable(Draft draft, List<Unnamed> unnamed) {
      if (!unnamed.isEmpty() && unnamed.getLast().constraint() instanceof Reference r) {
        unnamed.set(
            unnamed.size() - 1, new Unnamed(deferrable(r), unnamed.getLast().singleColumn()));
      } else if (!draft.constraints.isEmpty()
          && draft.constraints.getLast() instanceof Reference r) {
        draft.constraints.set(draft.constraints.size() - 1, deferrable(r));
      }
    }

    private static Reference deferrable(Reference r) {
      return new Reference(
          r.name(), r.columns(), r.refSchema(), r.refTable(), r.refColumns(), true, r.at());
    }

    /** A table-level element: a key, foreign key, CHECK, exclusion or plain index. */
    void tableConstraint(Statement st, Draft draft, Index index, List<Unnamed> unnamed) {
      String written =
          index instanceof NamedConstraint nc && nc.getIndexName() != null
              ? nc.getIndexName()
              : index.getName();
      String name = written == null ? null : identifier(written, dialect);
      String type = index.getType() == null ? "" : index.getType().toUpperCase(Locale.ROOT);
      List<String> columns = columnNames(index.getColumnsNames());
      Constraint c;
      String single = columns.size() == 1 ? columns.getFirst() : null;
      switch (index) {
        case ForeignKeyIndex fk -> {
          boolean deferrable = fk.toString().matches("(?is).*(?<!NOT )DEFERRABLE.*");
          c =
              new Reference(
                  null,
                  columns,
                  schemaOf(fk.getTable()),
                  identifier(fk.getTable().getName(), dialect),
                  columnNames(fk.getReferencedColumnNames()),
                  deferrable,
                  st);
        }
        case CheckConstraint check -> {
          String text = check.getExpression().toString();
          List<String> mentioned = mentioned(draft, "(" + text + ")", null);
          c = new CheckText(null, "CHECK (" + text + ")", mentioned, st);
          single = mentioned.size() == 1 ? mentioned.getFirst() : null;
        }
        case ExcludeConstraint x -> c = new Exclusion(null, x.toString(), st);
        default -> {
          if (type.startsWith("PRIMARY")) {
            c = new Key(null, columns, true, false, null, List.of(), st);
          } else if (type.startsWith("UNIQUE")) {
            c = new Key(null, columns, false, false, null, List.of(), st);
          } else if (type.matches("(KEY|INDEX|FULLTEXT|SPATIAL).*")) {
            draft.parts.plainIndexes++;
            return;
          } else {
            problem(st, "cannot read the table element " + index);
            return;
          }
        }
      }
      if (name != null) {
        draft.constraints.add(named(c, name));
      } else {
        unnamed.add(new Unnamed(c, single));
      }
    }

    private List<String> columnNames(List<String> written) {
      return nonNull(written).stream().map(n -> identifier(n, dialect)).toList();
    }

    /**
     * The columns of {@code draft} a CHECK's parenthesised text mentions, as JSqlParser reads it:
     * PostgreSQL lists them in column order, MariaDB in the order the text names them; {@code
     * fallback} when the text cannot be parsed.
     */
    private List<String> mentioned(Draft draft, String text, String fallback) {
      Set<String> named = new LinkedHashSet<>();
      try {
        Expression e = CCJSqlParserUtil.parseCondExpression(text, true);
        e.accept(
            new ExpressionVisitorAdapter<Void>() {
              @Override
              public <S> Void visit(net.sf.jsqlparser.schema.Column column, S context) {
                named.add(identifier(column.getColumnName(), dialect));
                return null;
              }
            },
            null);
      } catch (JSQLParserException | RuntimeException e) {
        return fallback == null ? List.of() : List.of(fallback);
      }
      if (fallback != null) {
        named.add(fallback);
      }
      if (dialect == Dialect.MYSQL) {
        return List.copyOf(named);
      }
      return draft.parts.columns.stream().map(Column::name).filter(named::contains).toList();
    }

    /**
     * Names the constraints a statement left unnamed, as the database would: PostgreSQL's CHECKs
     * first, then keys, then foreign keys, each {@code table_columns_suffix} made unique in the
     * schema; MariaDB's {@code PRIMARY}, a unique key after its first column, {@code table_ibfk_N},
     * a column's CHECK after the column and a table's {@code CONSTRAINT_N}.
     */
    private void nameAll(Draft draft, List<Unnamed> unnamed) {
      List<Unnamed> ordered = new ArrayList<>();
      unnamed.stream().filter(u -> u.constraint() instanceof CheckText).forEach(ordered::add);
      unnamed.stream().filter(u -> u.constraint() instanceof Key).forEach(ordered::add);
      unnamed.stream().filter(u -> u.constraint() instanceof Exclusion).forEach(ordered::add);
      unnamed.stream().filter(u -> u.constraint() instanceof Reference).forEach(ordered::add);
      for (Unnamed u : ordered) {
        draft.constraints.add(named(u.constraint(), chooseName(draft, u)));
      }
    }

    private String chooseName(Draft draft, Unnamed u) {
      String table = draft.parts.name;
      Constraint c = u.constraint();
      if (dialect == Dialect.MYSQL) {
        return switch (c) {
          case Key k when k.primary() -> "PRIMARY";
          case Key k -> unique(draft, k.columns().getFirst());
          case Reference r -> table + "_ibfk_" + ++draft.mysqlForeignKeys;
          case CheckText t
              when u.singleColumn() != null && !draft.hasConstraint(u.singleColumn()) ->
              u.singleColumn();
          default -> "CONSTRAINT_" + ++draft.mysqlChecks;
        };
      }
      String name =
          switch (c) {
            case Key k when k.primary() -> makeObjectName(table, null, "pkey");
            case Key k -> makeObjectName(table, String.join("_", k.columns()), "key");
            case Reference r -> makeObjectName(table, String.join("_", r.columns()), "fkey");
            case CheckText t -> makeObjectName(table, u.singleColumn(), "check");
            case Exclusion x -> makeObjectName(table, null, "excl");
          };
      Set<String> taken = names(draft.parts.schema);
      String chosen = name;
      for (int n = 1; taken.contains(chosen); n++) {
        String label = name.substring(name.lastIndexOf('_') + 1) + n;
        String stem = name.substring(0, name.lastIndexOf('_'));
        chosen = stem + "_" + label;
      }
      taken.add(chosen);
      return chosen;
    }

    /** MariaDB's name of an unnamed unique key: its first column, {@code _2}... when taken. */
    private static String unique(Draft draft, String column) {
      String chosen = column;
      for (int n = 2; draft.hasConstraint(chosen); n++) {
        chosen = column + "_" + n;
      }
      return chosen;
    }

    private Set<String> names(String schema) {
      return names.computeIfAbsent(schema, s -> new HashSet<>());
    }

    private static Constraint named(Constraint c, String name) {
      return switch (c) {
        case Key k ->
            new Key(
                name, k.columns(), k.primary(), k.index(), k.definition(), k.expressions(), k.at());
        case Reference r ->
            new Reference(
                name,
                r.columns(),
                r.refSchema(),
                r.refTable(),
                r.refColumns(),
                r.deferrable(),
                r.at());
        case CheckText t -> new CheckText(name, t.definition(), t.mentioned(), t.at());
        case Exclusion x -> new Exclusion(name, x.definition(), x.at());
      };
    }

    // ALTER TABLE, CREATE INDEX, DROP TABLE

    void alter(Statement st, Alter alter) {
      String id =
          Table.id(schemaOf(alter.getTable()), identifier(alter.getTable().getName(), dialect));
      Draft draft = tables.get(id);
      if (draft == null) {
        problem(st, "table " + id + " is altered before the file creates it");
        return;
      }
      for (AlterExpression e : alter.getAlterExpressions()) {
        List<Unnamed> unnamed = new ArrayList<>();
        if (NEUTRAL_ALTERS.contains(e.getOperation())) {
          skip(st);
        } else if (e.getOperation() == AlterOperation.ADD && e.getIndex() != null) {
          tableConstraint(st, draft, e.getIndex(), unnamed);
        } else if (e.getOperation() == AlterOperation.ADD && e.getColDataTypeList() != null) {
          e.getColDataTypeList().forEach(cd -> column(st, draft, cd, unnamed));
        } else if (e.getOperation() == AlterOperation.ALTER
            && e.getColumnSetDefaultList() != null) {
          e.getColumnSetDefaultList()
              .forEach(
                  d ->
                      setDefault(
                          st, draft, identifier(d.getColumnName(), dialect), d.getDefaultValue()));
        } else if (e.getOperation() == AlterOperation.ALTER
            && e.getColumnSetNotNullList() != null) {
          e.getColumnSetNotNullList()
              .forEach(n -> setNotNull(st, draft, identifier(n.getColumnName(), dialect)));
        } else if (e.getOperation() == AlterOperation.ALTER
            && e.getColDataTypeList() != null
            && e.getColDataTypeList().stream().allMatch(Fold::addsIdentity)) {
          e.getColDataTypeList()
              .forEach(
                  cd ->
                      replaceColumn(
                          st, draft, identifier(cd.getColumnName(), dialect), Fold::asIdentity));
        } else {
          problem(st, "Spate reads no ALTER TABLE ... " + e);
        }
        nameAll(draft, unnamed);
      }
    }

    private void setDefault(Statement st, Draft draft, String column, String expression) {
      replaceColumn(
          st,
          draft,
          column,
          c ->
              new Column(
                  c.name(),
                  c.type(),
                  c.typeName(),
                  c.length(),
                  c.precision(),
                  c.scale(),
                  c.nullable(),
                  c.generated(),
                  c.identity() || expression.contains("nextval("),
                  expression,
                  c.typeOid(),
                  c.element(),
                  c.enumLabels(),
                  c.domainChecks()));
    }

    /** {@code ALTER COLUMN c ADD GENERATED ... AS IDENTITY}, as PostgreSQL's dumps write it. */
    private static boolean addsIdentity(ColumnDefinition cd) {
      String specs = String.join(" ", nonNull(cd.getColumnSpecs())).toUpperCase(Locale.ROOT);
      return specs.matches("ADD GENERATED .*AS IDENTITY.*");
    }

    private static Column asIdentity(Column c) {
      return new Column(
          c.name(),
          c.type(),
          c.typeName(),
          c.length(),
          c.precision(),
          c.scale(),
          false,
          c.generated(),
          true,
          c.defaultExpr(),
          c.typeOid(),
          c.element(),
          c.enumLabels(),
          c.domainChecks());
    }

    private void setNotNull(Statement st, Draft draft, String column) {
      replaceColumn(st, draft, column, c -> c.with(false, c.length()));
    }

    private void replaceColumn(
        Statement st, Draft draft, String column, UnaryOperator<Column> change) {
      if (!draft.hasColumn(column)) {
        problem(
            st,
            "table " + Table.id(draft.parts.schema, draft.parts.name) + " has no column " + column);
        return;
      }
      draft.parts.columns.replaceAll(c -> c.name().equals(column) ? change.apply(c) : c);
    }

    /**
     * A unique index is a unique key (its parts Spate cannot read as a column kept as expressions,
     * as {@code PgUniqueIndexes} keeps them); another index only counts as one to keep up to date.
     */
    void createIndex(Statement st, CreateIndex ci) {
      String id = Table.id(schemaOf(ci.getTable()), identifier(ci.getTable().getName(), dialect));
      Draft draft = tables.get(id);
      if (draft == null) {
        problem(st, "an index on table " + id + " comes before the file creates it");
        return;
      }
      Index index = ci.getIndex();
      boolean unique =
          index.getType() != null && index.getType().toUpperCase(Locale.ROOT).contains("UNIQUE");
      if (!unique) {
        draft.parts.plainIndexes++;
        return;
      }
      List<String> columns = new ArrayList<>();
      List<String> expressions = new ArrayList<>();
      for (Index.ColumnParams part : index.getColumns()) {
        String text = keyPart(part);
        String column = CheckParser.indexKeyColumn(text);
        String name = column == null ? null : identifier(column, dialect);
        if (name != null && draft.hasColumn(name)) {
          if (!columns.contains(name)) {
            columns.add(name);
          }
        } else {
          expressions.add(text);
        }
      }
      String name =
          index.getName() != null
              ? identifier(index.getName(), dialect)
              : makeObjectName(draft.parts.name, String.join("_", columns), "idx");
      names(draft.parts.schema).add(name);
      draft.constraints.add(new Key(name, columns, false, true, st.brief(), expressions, st));
    }

    /**
     * A key part's text: a column, an expression, or a function of the column, which JSqlParser
     * keeps as the name and its parenthesised arguments ({@code lower}, {@code (title)}).
     */
    private static String keyPart(Index.ColumnParams part) {
      if (part.isExpression()) {
        return part.getExpression().toString();
      }
      List<String> params = nonNull(part.getParams());
      return !params.isEmpty() && params.getFirst().startsWith("(")
          ? part.getColumnName() + params.getFirst()
          : part.getColumnName();
    }

    void drop(Statement st, Drop drop) {
      if (!drop.getType().equalsIgnoreCase("TABLE")) {
        skip(st);
        return;
      }
      for (net.sf.jsqlparser.schema.Table t : nonNull(drop.getNames())) {
        tables.remove(Table.id(schemaOf(t), identifier(t.getName(), dialect)));
      }
    }

    // building

    /** The tables of {@code schemas} (all when empty), sorted by id, their constraints resolved. */
    List<Table> build(List<String> schemas) {
      List<Table> built = new ArrayList<>();
      for (Draft draft : tables.values()) {
        if (!schemas.isEmpty() && !schemas.contains(draft.parts.schema)) {
          continue;
        }
        addConstraints(draft);
        built.add(draft.parts.build());
      }
      built.sort(Comparator.comparing(Table::id));
      return built;
    }

    /**
     * Adds the constraints in name order (as {@code pg_constraint} lists them), then the unique
     * indexes that back none; a primary key's columns are NOT NULL.
     */
    private void addConstraints(Draft draft) {
      TableParts parts = draft.parts;
      String table = Table.id(parts.schema, parts.name);
      List<Constraint> sorted = new ArrayList<>(draft.constraints);
      sorted.sort(
          Comparator.comparing((Constraint c) -> c instanceof Key k && k.index())
              .thenComparing(Constraint::name));
      for (Constraint c : sorted) {
        List<String> missing = new ArrayList<>();
        switch (c) {
          case Key k -> {
            k.columns().stream().filter(col -> !draft.hasColumn(col)).forEach(missing::add);
            if (k.primary() && parts.primaryKey != null) {
              problem(k.at(), "table " + table + " has two primary keys");
            } else if (k.primary()) {
              parts.primaryKey = new UniqueKey(k.name(), k.columns(), true);
              parts.columns.replaceAll(
                  col -> k.columns().contains(col.name()) ? col.with(false, col.length()) : col);
            } else {
              parts.uniques.add(
                  new UniqueKey(k.name(), k.columns(), false, k.definition(), k.expressions()));
            }
          }
          case Reference r -> {
            r.columns().stream().filter(col -> !draft.hasColumn(col)).forEach(missing::add);
            ForeignKey fk = foreignKey(table, r);
            if (fk != null) {
              parts.foreignKeys.add(fk);
            }
          }
          case CheckText t ->
              parts.addCheck(
                  t.name(),
                  t.definition(),
                  t.mentioned(),
                  dialect == Dialect.MYSQL ? Fold::mysqlCheck : UnaryOperator.identity());
          case Exclusion x ->
              parts.barriers.add(
                  new LoadBarrier(
                      "exclusion constraint " + Table.quote(x.name()) + " (" + x.definition() + ")",
                      "Spate does not draw rows to keep an exclusion constraint"));
        }
        if (!missing.isEmpty()) {
          problem(
              c.at(),
              "constraint "
                  + c.name()
                  + " of table "
                  + table
                  + " names columns the table does not have: "
                  + String.join(", ", missing));
        }
      }
    }

    /** The foreign key, its referenced table read from the file; null (a problem) otherwise. */
    private ForeignKey foreignKey(String table, Reference r) {
      String refId = Table.id(r.refSchema(), r.refTable());
      Draft referenced = tables.get(refId);
      if (referenced == null) {
        problem(
            r.at(),
            "foreign key "
                + r.name()
                + " of table "
                + table
                + " references table "
                + refId
                + ", which the file does not create");
        return null;
      }
      List<String> refColumns = r.refColumns();
      if (refColumns.isEmpty()) {
        UniqueKey pk =
            referenced.constraints.stream()
                .filter(c -> c instanceof Key k && k.primary())
                .map(c -> new UniqueKey(c.name(), ((Key) c).columns(), true))
                .findFirst()
                .orElse(null);
        if (pk == null) {
          problem(
              r.at(),
              "foreign key "
                  + r.name()
                  + " of table "
                  + table
                  + " names no columns and table "
                  + refId
                  + " has no primary key");
          return null;
        }
        refColumns = pk.columns();
      }
      if (refColumns.size() != r.columns().size()) {
        problem(
            r.at(),
            "foreign key "
                + r.name()
                + " of table "
                + table
                + " pairs "
                + r.columns()
                + " with "
                + refColumns);
        return null;
      }
      return new ForeignKey(r.name(), r.columns(), refId, refColumns, r.deferrable());
    }

    /** A check as PostgreSQL would mean it: MySQL's {@code length} counts bytes. */
    private static Check mysqlCheck(Check check) {
      if (check instanceof Check.Length l && l.function().equalsIgnoreCase("length")) {
        return new Check.Length(l.name(), l.column(), "octet_length", l.op(), l.literal());
      }
      return check;
    }
  }

  /**
   * PostgreSQL's name for an object made from {@code name1}, {@code name2} (null: none) and {@code
   * label}, the longer name cut first until it fits in {@link #NAME_LENGTH} ({@code
   * makeObjectName}).
   */
  static String makeObjectName(String name1, String name2, String label) {
    int overhead = label.length() + 1 + (name2 == null ? 0 : 1);
    int available = NAME_LENGTH - overhead;
    int chars1 = name1.length();
    int chars2 = name2 == null ? 0 : name2.length();
    while (chars1 + chars2 > available) {
      if (chars1 > chars2) {
        chars1--;
      } else {
        chars2--;
      }
    }
    return name1.substring(0, chars1)
        + (name2 == null ? "" : "_" + name2.substring(0, chars2))
        + "_"
        + label;
  }

  private static <T> List<T> nonNull(List<T> list) {
    return list == null ? List.of() : list;
  }
}
