package io.spate.junit;

import io.spate.api.FillResult;
import io.spate.api.Spate;
import io.spate.protocol.error.SpateException;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.platform.commons.support.AnnotationSupport;
import org.junit.platform.commons.support.HierarchyTraversalMode;
import org.junit.platform.commons.support.ReflectionSupport;

/**
 * Runs {@link Fill}: a class's fill before all its tests, a method's before that test; the result
 * is kept in the context's store, where a test's {@link FillResult} parameter finds the nearest.
 */
public final class FillExtension
    implements BeforeAllCallback, BeforeEachCallback, ParameterResolver {

  private static final ExtensionContext.Namespace NAMESPACE =
      ExtensionContext.Namespace.create(FillExtension.class);

  /** The getters of a Testcontainers JDBC container, found by name: no Testcontainers needed. */
  private static final List<String> CONTAINER_GETTERS =
      List.of("getJdbcUrl", "getUsername", "getPassword");

  @Override
  public void beforeAll(ExtensionContext context) {
    Class<?> testClass = context.getRequiredTestClass();
    AnnotationSupport.findAnnotation(testClass, Fill.class)
        .ifPresent(
            fill ->
                context
                    .getStore(NAMESPACE)
                    .put(FillResult.class, run(fill, testClass, null, testClass.getName())));
  }

  @Override
  public void beforeEach(ExtensionContext context) {
    Method method = context.getRequiredTestMethod();
    AnnotationSupport.findAnnotation(method, Fill.class)
        .ifPresent(
            fill ->
                context
                    .getStore(NAMESPACE)
                    .put(
                        FillResult.class,
                        run(
                            fill,
                            context.getRequiredTestClass(),
                            context.getRequiredTestInstance(),
                            context.getRequiredTestClass().getName() + "." + method.getName())));
  }

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    return parameter.getParameter().getType() == FillResult.class;
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    FillResult result = context.getStore(NAMESPACE).get(FillResult.class, FillResult.class);
    if (result == null) {
      throw new ParameterResolutionException(
          "a FillResult parameter needs @Fill on the test method or its class");
    }
    return result;
  }

  /** Fills as {@code fill} says; {@code instance} is null for a class's fill (static fields). */
  private static FillResult run(Fill fill, Class<?> testClass, Object instance, String where) {
    Spate spate = target(fill, testClass, instance, where);
    if (!fill.config().isEmpty()) {
      config(spate, fill.config(), testClass, where);
    }
    for (String r : fill.rows()) {
      int eq = r.indexOf('=');
      try {
        spate.rows(r.substring(0, eq).strip(), Long.parseLong(r.substring(eq + 1).strip()));
      } catch (RuntimeException e) {
        throw new SpateException(
            "@Fill on " + where + ": rows '" + r + "' is not TABLE=N, such as orders=10000");
      }
    }
    if (fill.seed() != Fill.CONFIG_SEED) {
      spate.seed(fill.seed());
    }
    spate.schemas(fill.schemas());
    if (fill.threads() > 0) {
      spate.threads(fill.threads());
    }
    return (fill.reuse() ? spate.reuse() : spate.truncate()).fill();
  }

  private static void config(Spate spate, String config, Class<?> testClass, String where) {
    URL resource = testClass.getClassLoader().getResource(config);
    if (resource != null) {
      try (InputStream in = resource.openStream()) {
        spate.config(new String(in.readAllBytes(), StandardCharsets.UTF_8));
      } catch (IOException e) {
        throw new SpateException("@Fill on " + where + ": cannot read " + resource, e);
      }
    } else if (Files.isRegularFile(Path.of(config))) {
      spate.config(Path.of(config));
    } else {
      throw new SpateException(
          "@Fill on "
              + where
              + ": config '"
              + config
              + "' is neither a classpath resource nor a file (from "
              + Path.of("").toAbsolutePath()
              + ")");
    }
  }

  /** The database: the one field (or {@link Fill#field}) that holds a DataSource or a container. */
  private static Spate target(Fill fill, Class<?> testClass, Object instance, String where) {
    List<Field> fields =
        ReflectionSupport.findFields(
            testClass,
            f ->
                (instance != null || Modifier.isStatic(f.getModifiers()))
                    && (fill.field().isEmpty() || f.getName().equals(fill.field()))
                    && (DataSource.class.isAssignableFrom(f.getType())
                        || container(f.getType()).isPresent()),
            HierarchyTraversalMode.TOP_DOWN);
    if (fields.size() != 1) {
      throw new SpateException(
          "@Fill on "
              + where
              + (fields.isEmpty()
                  ? ": no "
                      + (instance == null ? "static " : "")
                      + (fill.field().isEmpty() ? "" : "'" + fill.field() + "' ")
                      + "field holds a DataSource or a JDBC container (getJdbcUrl, getUsername,"
                      + " getPassword)"
                  : ": several fields hold a database "
                      + fields.stream().map(Field::getName).toList()
                      + "; name one with @Fill(field = ...)"));
    }
    Field field = fields.getFirst();
    Object value =
        ReflectionSupport.tryToReadFieldValue(
                field, Modifier.isStatic(field.getModifiers()) ? null : instance)
            .getOrThrow(e -> new SpateException("@Fill on " + where + ": reading " + field, e));
    if (value == null) {
      throw new SpateException(
          "@Fill on "
              + where
              + ": field "
              + field.getName()
              + " is null when the fill runs; set it where it is declared (JUnit runs"
              + " @BeforeAll and @BeforeEach methods after extensions)");
    }
    if (value instanceof DataSource dataSource) {
      return Spate.on(dataSource);
    }
    List<Method> getters = container(value.getClass()).orElseThrow();
    try {
      return Spate.on(
          (String) getters.get(0).invoke(value),
          (String) getters.get(1).invoke(value),
          (String) getters.get(2).invoke(value));
    } catch (ReflectiveOperationException e) {
      throw new SpateException(
          "@Fill on " + where + ": reading the JDBC URL of " + field.getName() + ": " + e, e);
    }
  }

  /** The public no-argument getters of a JDBC container, if {@code type} has them all. */
  private static Optional<List<Method>> container(Class<?> type) {
    try {
      List<Method> getters = new java.util.ArrayList<>();
      for (String name : CONTAINER_GETTERS) {
        Method m = type.getMethod(name);
        if (m.getReturnType() != String.class) {
          return Optional.empty();
        }
        getters.add(m);
      }
      return Optional.of(getters);
    } catch (NoSuchMethodException e) {
      return Optional.empty();
    }
  }
}
