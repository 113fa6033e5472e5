//! Every command of the window in one table: its label, its shortcuts and its menu. Menus,
//! tooltips, keyboard handling and the command palette all read it (rerun's `UICommand`
//! pattern), so a shortcut is defined once. Commands that come in families (symmetries, view
//! toggles) are derived from their lists; each game's own commands (its tools, brush sizes,
//! dialogs) come from its desk as [`GameCommand`]s, so this table names no game's tools.

use crate::board::Symmetry;
use egui::{Key, KeyboardShortcut, Modifiers};

/// A command the user can give from a menu, a shortcut, the toolbar or the command palette.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[expect(missing_docs, reason = "each plain variant is described by its label in the table")]
pub enum UiCommand {
    New,
    Open,
    Save,
    SaveAs,
    Export,
    Playtest,
    Quit,
    Undo,
    Redo,
    Copy,
    Cut,
    Paste,
    DeleteSelection,
    ZoomFit,
    ZoomIn,
    ZoomOut,
    CommandPalette,
    /// Save the scenario and its art as one bundle.
    SaveBundle,
    /// The Art panel: the designer's images of the scenario.
    Art,
    /// One of the open game's own commands (a tool, a brush size, a dialog of its own).
    Game(GameCommand),
    /// Set symmetric painting (`None`: off).
    Symmetry(Option<Symmetry>),
    /// Show or hide a panel or overlay.
    Toggle(ViewToggle),
}

/// A command of one game, declared by its desk: an id the desk reads back, and what the menus,
/// palette and keyboard show.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct GameCommand {
    /// What the desk knows it by.
    pub id: u16,
    /// Its label in menus and the palette.
    pub label: &'static str,
    /// The menu it sits in.
    pub menu: Menu,
    /// Its keyboard shortcut.
    pub shortcut: Option<KeyboardShortcut>,
}

/// A game's own commands, declared once as a list of its command values with their label,
/// menu and shortcut: the ids the shell carries are their places in the list, so a desk reads a
/// command back to its own value ([`CommandTable::of`]) and names one ([`CommandTable::command`])
/// without writing the mapping itself.
pub struct CommandTable<C: 'static> {
    /// The game's values, in menu order.
    values: Vec<C>,
    /// What the shell lists for each, in the same order.
    declared: Vec<GameCommand>,
}

impl<C: Copy + PartialEq + 'static> CommandTable<C> {
    /// The table of `rows`: each command's value, label, menu and shortcut, in menu order.
    #[must_use]
    pub fn new(rows: impl IntoIterator<Item = (C, &'static str, Menu, KeyboardShortcut)>) -> Self {
        let (values, declared) = rows
            .into_iter()
            .enumerate()
            .map(|(index, (value, label, menu, shortcut))| {
                let id = u16::try_from(index).unwrap_or(u16::MAX);
                (value, GameCommand { id, label, menu, shortcut: Some(shortcut) })
            })
            .unzip();
        Self { values, declared }
    }

    /// Every command as the shell lists it.
    #[must_use]
    pub fn declared(&self) -> &[GameCommand] {
        &self.declared
    }

    /// The game's value of a shell command, when it is one of this table's (another game's
    /// command with the same id is not).
    #[must_use]
    pub fn of(&self, command: UiCommand) -> Option<C> {
        let UiCommand::Game(game) = command else { return None };
        let index = usize::from(game.id);
        self.declared.get(index).filter(|&&declared| declared == game).and_then(|_| self.values.get(index).copied())
    }

    /// The shell command of one of the game's values (zoom to fit were it not in the table).
    #[must_use]
    pub fn command(&self, value: C) -> UiCommand {
        self.values
            .iter()
            .position(|&v| v == value)
            .and_then(|index| self.declared.get(index))
            .map_or(UiCommand::ZoomFit, |&game| UiCommand::Game(game))
    }
}

/// Which menu a command sits in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Menu {
    /// File.
    File,
    /// Edit.
    Edit,
    /// Tools.
    Tools,
    /// View.
    View,
}

impl Menu {
    /// Every menu, in menu-bar order.
    pub const ALL: [Menu; 4] = [Menu::File, Menu::Edit, Menu::Tools, Menu::View];

    /// Its title.
    #[must_use]
    pub fn title(self) -> &'static str {
        match self {
            Menu::File => "File",
            Menu::Edit => "Edit",
            Menu::Tools => "Tools",
            Menu::View => "View",
        }
    }
}

/// A panel or overlay the View menu shows and hides.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ViewToggle {
    /// Grid lines, coordinates and tile boundaries.
    Grid,
    /// The "who reaches first" overlay.
    RaceOverlay,
    /// The inspector panel.
    Inspector,
    /// The scenario settings panel.
    Settings,
    /// The diagnostics panel.
    Diagnostics,
    /// The statistics panel.
    Statistics,
    /// The history panel.
    History,
    /// The minimap panel.
    Minimap,
    /// The balance panel.
    Balance,
    /// The left column every game has: its palette, library or units.
    ToolColumn,
    /// The right column every game has: its inspector, findings and log.
    SideColumn,
}

impl ViewToggle {
    /// Every toggle, in menu order.
    pub const ALL: [ViewToggle; 11] = [
        ViewToggle::Grid,
        ViewToggle::RaceOverlay,
        ViewToggle::Inspector,
        ViewToggle::Settings,
        ViewToggle::Diagnostics,
        ViewToggle::Statistics,
        ViewToggle::History,
        ViewToggle::Minimap,
        ViewToggle::Balance,
        ViewToggle::ToolColumn,
        ViewToggle::SideColumn,
    ];

    /// Its name in the View menu.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            ViewToggle::Grid => "Grid and coordinates",
            ViewToggle::RaceOverlay => "Who reaches first",
            ViewToggle::Inspector => "Inspector",
            ViewToggle::Settings => "Scenario settings",
            ViewToggle::Diagnostics => "Diagnostics",
            ViewToggle::Statistics => "Statistics",
            ViewToggle::History => "History",
            ViewToggle::Minimap => "Minimap",
            ViewToggle::Balance => "Balance",
            ViewToggle::ToolColumn => "Tool panel",
            ViewToggle::SideColumn => "Side panel",
        }
    }

    fn shortcut(self) -> KeyboardShortcut {
        match self {
            ViewToggle::Grid => cmd(Key::G),
            ViewToggle::RaceOverlay => cmd(Key::J),
            ViewToggle::Inspector => cmd(Key::Num1),
            ViewToggle::Settings => cmd(Key::Num2),
            ViewToggle::Diagnostics => cmd(Key::Num3),
            ViewToggle::Statistics => cmd(Key::Num4),
            ViewToggle::History => cmd(Key::Num5),
            ViewToggle::Minimap => cmd(Key::Num6),
            ViewToggle::Balance => cmd(Key::Num7),
            ViewToggle::ToolColumn => cmd(Key::Num8),
            ViewToggle::SideColumn => cmd(Key::Num9),
        }
    }
}

/// A bare key.
#[must_use]
pub const fn key(key: Key) -> KeyboardShortcut {
    KeyboardShortcut::new(Modifiers::NONE, key)
}

/// Ctrl (Cmd on a Mac) and a key.
#[must_use]
pub const fn cmd(key: Key) -> KeyboardShortcut {
    KeyboardShortcut::new(Modifiers::COMMAND, key)
}

const fn cmd_shift(key: Key) -> KeyboardShortcut {
    KeyboardShortcut::new(Modifiers::COMMAND.plus(Modifiers::SHIFT), key)
}

const fn alt(key: Key) -> KeyboardShortcut {
    KeyboardShortcut::new(Modifiers::ALT, key)
}

/// The digit keys, 0 to 9.
pub const DIGITS: [Key; 10] =
    [Key::Num0, Key::Num1, Key::Num2, Key::Num3, Key::Num4, Key::Num5, Key::Num6, Key::Num7, Key::Num8, Key::Num9];

/// One row of the table of plain commands.
struct Row {
    command: UiCommand,
    label: &'static str,
    menu: Menu,
    shortcuts: &'static [KeyboardShortcut],
}

const fn row(command: UiCommand, label: &'static str, menu: Menu, shortcuts: &'static [KeyboardShortcut]) -> Row {
    Row { command, label, menu, shortcuts }
}

/// The plain commands, in menu order: the one place their labels, menus and shortcuts are
/// written.
const TABLE: &[Row] = &[
    row(UiCommand::New, "New scenario...", Menu::File, &[cmd(Key::N)]),
    row(UiCommand::Open, "Open...", Menu::File, &[cmd(Key::O)]),
    row(UiCommand::Save, "Save", Menu::File, &[cmd(Key::S)]),
    row(UiCommand::SaveAs, "Save as...", Menu::File, &[cmd_shift(Key::S)]),
    row(UiCommand::SaveBundle, "Bundle with its art...", Menu::File, &[cmd_shift(Key::B)]),
    row(UiCommand::Export, "Export for print...", Menu::File, &[cmd(Key::E)]),
    row(UiCommand::Playtest, "Playtest", Menu::File, &[key(Key::F5)]),
    row(UiCommand::Quit, "Quit", Menu::File, &[cmd(Key::Q)]),
    row(UiCommand::Undo, "Undo", Menu::Edit, &[cmd(Key::Z)]),
    row(UiCommand::Redo, "Redo", Menu::Edit, &[cmd_shift(Key::Z), cmd(Key::Y)]),
    row(UiCommand::Copy, "Copy", Menu::Edit, &[cmd(Key::C)]),
    row(UiCommand::Cut, "Cut", Menu::Edit, &[cmd(Key::X)]),
    row(UiCommand::Paste, "Paste", Menu::Edit, &[cmd(Key::V)]),
    row(UiCommand::DeleteSelection, "Clear selection", Menu::Edit, &[key(Key::Delete)]),
    row(UiCommand::ZoomFit, "Zoom to fit", Menu::View, &[key(Key::F)]),
    row(UiCommand::ZoomIn, "Zoom in", Menu::View, &[key(Key::Plus), key(Key::Equals)]),
    row(UiCommand::ZoomOut, "Zoom out", Menu::View, &[key(Key::Minus)]),
    row(UiCommand::Art, "Art...", Menu::Tools, &[cmd_shift(Key::A)]),
    row(UiCommand::CommandPalette, "Command palette...", Menu::View, &[cmd(Key::P), key(Key::F1)]),
];

/// A label with its first letter capitalised ("rotate 180" becomes "Rotate 180").
pub(super) fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

impl UiCommand {
    /// Every command of the shell and of the open game, grouped by menu: the table's rows,
    /// the game's commands, then each family.
    #[must_use]
    pub fn all(game: &[GameCommand]) -> Vec<UiCommand> {
        let mut all = Vec::new();
        for menu in Menu::ALL {
            all.extend(TABLE.iter().filter(|r| r.menu == menu).map(|r| r.command));
            all.extend(game.iter().filter(|c| c.menu == menu).map(|&c| UiCommand::Game(c)));
            match menu {
                Menu::Tools => {
                    all.push(UiCommand::Symmetry(None));
                    all.extend(Symmetry::ALL.map(|s| UiCommand::Symmetry(Some(s))));
                }
                Menu::View => all.extend(ViewToggle::ALL.map(UiCommand::Toggle)),
                Menu::File | Menu::Edit => {}
            }
        }
        all
    }

    fn row(self) -> Option<&'static Row> {
        TABLE.iter().find(|r| r.command == self)
    }

    /// The label in menus and the palette.
    #[must_use]
    pub fn label(self) -> String {
        match self {
            UiCommand::Game(command) => command.label.to_owned(),
            UiCommand::Symmetry(None) => "Symmetry off".to_owned(),
            UiCommand::Symmetry(Some(symmetry)) => capitalised(symmetry.label()),
            UiCommand::Toggle(toggle) => toggle.label().to_owned(),
            plain => plain.row().map_or_else(|| format!("{plain:?}"), |r| r.label.to_owned()),
        }
    }

    /// Whether the palette's search `lower` (in lower case) finds it: by its label, or by the
    /// words a person looks for it under ("generate" finds the New scenario dialog, whose
    /// generator makes a start).
    #[must_use]
    pub fn found_by(self, lower: &str) -> bool {
        let also: &[&str] = match self {
            UiCommand::New => &["generate", "random", "create"],
            _ => &[],
        };
        self.label().to_lowercase().contains(lower) || also.iter().any(|word| word.contains(lower))
    }

    /// The keyboard shortcuts, the first shown in menus.
    #[must_use]
    pub fn shortcuts(self) -> Vec<KeyboardShortcut> {
        match self {
            UiCommand::Game(command) => command.shortcut.into_iter().collect(),
            UiCommand::Symmetry(symmetry) => {
                let index = symmetry.map_or(0, |s| Symmetry::ALL.iter().position(|&o| o == s).map_or(0, |i| i + 1));
                DIGITS.get(index).map(|&digit| vec![alt(digit)]).unwrap_or_default()
            }
            UiCommand::Toggle(toggle) => vec![toggle.shortcut()],
            plain => plain.row().map(|r| r.shortcuts.to_vec()).unwrap_or_default(),
        }
    }

    /// Which menu it belongs to.
    #[must_use]
    pub fn menu(self) -> Menu {
        match self {
            UiCommand::Game(command) => command.menu,
            UiCommand::Symmetry(_) => Menu::Tools,
            UiCommand::Toggle(_) => Menu::View,
            plain => plain.row().map_or(Menu::View, |r| r.menu),
        }
    }

    /// Whether its shortcut is a bare key, which must not fire while typing in a text field.
    #[must_use]
    pub fn is_bare_key(self) -> bool {
        self.shortcuts().iter().all(|s| s.modifiers.is_none() && !matches!(s.logical_key, Key::F1 | Key::F5))
    }

    /// Whether it may run during a playtest (commands that would edit the document may not).
    #[must_use]
    pub fn allowed_in_playtest(self) -> bool {
        matches!(self.menu(), Menu::View)
            || matches!(self, UiCommand::Playtest | UiCommand::Quit | UiCommand::Save | UiCommand::SaveAs)
    }

    /// The first shortcut as text (`Ctrl+Z`).
    #[must_use]
    pub fn shortcut_text(self, ctx: &egui::Context) -> String {
        self.shortcuts().first().map(|s| ctx.format_shortcut(s)).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    enum Toy {
        Pen,
        Eraser(u8),
    }

    #[test]
    fn a_command_table_reads_its_own_commands_back_and_no_other_games() {
        let table = CommandTable::new([
            (Toy::Pen, "Pen", Menu::Tools, key(Key::P)),
            (Toy::Eraser(3), "Eraser", Menu::Tools, key(Key::E)),
        ]);
        assert_eq!(table.declared().len(), 2);
        for value in [Toy::Pen, Toy::Eraser(3)] {
            assert_eq!(table.of(table.command(value)), Some(value));
        }
        // Another game's command with the same id is not this table's.
        let stranger = GameCommand { id: 0, label: "Another game's tool", menu: Menu::Tools, shortcut: None };
        assert_eq!(table.of(UiCommand::Game(stranger)), None);
        assert_eq!(table.of(UiCommand::Undo), None);
        assert_eq!(table.command(Toy::Eraser(9)), UiCommand::ZoomFit);
    }
}
