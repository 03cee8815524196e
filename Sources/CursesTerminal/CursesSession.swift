import CNcurses

/// The ncurses driver: the only code in the package that calls ncurses.
///
/// PLACEHOLDER: the terminal UI work fills this target.
public enum CursesPlaceholder {}
