//! Every command of the editor in one table: its label, its shortcuts and its menu. Menus,
//! tooltips, keyboard handling and the command palette all read this table (rerun's
//! `UICommand` pattern), so a shortcut is defined once.

use egui::{Key, KeyboardShortcut, Modifiers};

/// A command the user can give.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[expect(missing_docs, reason = "each variant is described by its label in the table")]
pub enum Command {
    New,
    Open,
    Save,
    SaveAs,
    Quit,
    Undo,
    Redo,
    Copy,
    Cut,
    Paste,
    DeleteSelection,
    RotateSelection,
    FlipSelectionX,
    FlipSelectionY,
    ReplaceAll,
    Resize,
    ToolBrush,
    ToolRectangle,
    ToolLine,
    ToolFill,
    ToolEraser,
    ToolSelect,
    ToolStamp,
    BrushSize1,
    BrushSize3,
    BrushSize5,
    RotateStamp,
    SymmetryOff,
    SymmetryLeftRight,
    SymmetryTopBottom,
    SymmetryBoth,
    SymmetryRotate180,
    SymmetryRotate90,
    ZoomFit,
    ZoomIn,
    ZoomOut,
    ToggleGrid,
    ToggleRaceOverlay,
    ToggleInspector,
    ToggleSettings,
    ToggleDiagnostics,
    ToggleStatistics,
    ToggleHistory,
    ToggleMinimap,
    CommandPalette,
    Playtest,
    Export,
}

const fn key(key: Key) -> KeyboardShortcut {
    KeyboardShortcut::new(Modifiers::NONE, key)
}

const fn cmd(key: Key) -> KeyboardShortcut {
    KeyboardShortcut::new(Modifiers::COMMAND, key)
}

const fn cmd_shift(key: Key) -> KeyboardShortcut {
    KeyboardShortcut::new(Modifiers::COMMAND.plus(Modifiers::SHIFT), key)
}

const fn alt(key: Key) -> KeyboardShortcut {
    KeyboardShortcut::new(Modifiers::ALT, key)
}

/// Which menu a command sits in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
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

impl Command {
    /// Every command, in menu order.
    pub const ALL: [Command; 47] = [
        Command::New,
        Command::Open,
        Command::Save,
        Command::SaveAs,
        Command::Export,
        Command::Playtest,
        Command::Quit,
        Command::Undo,
        Command::Redo,
        Command::Copy,
        Command::Cut,
        Command::Paste,
        Command::DeleteSelection,
        Command::RotateSelection,
        Command::FlipSelectionX,
        Command::FlipSelectionY,
        Command::ReplaceAll,
        Command::Resize,
        Command::ToolBrush,
        Command::ToolRectangle,
        Command::ToolLine,
        Command::ToolFill,
        Command::ToolEraser,
        Command::ToolSelect,
        Command::ToolStamp,
        Command::BrushSize1,
        Command::BrushSize3,
        Command::BrushSize5,
        Command::RotateStamp,
        Command::SymmetryOff,
        Command::SymmetryLeftRight,
        Command::SymmetryTopBottom,
        Command::SymmetryBoth,
        Command::SymmetryRotate180,
        Command::SymmetryRotate90,
        Command::ZoomFit,
        Command::ZoomIn,
        Command::ZoomOut,
        Command::ToggleGrid,
        Command::ToggleRaceOverlay,
        Command::ToggleInspector,
        Command::ToggleSettings,
        Command::ToggleDiagnostics,
        Command::ToggleStatistics,
        Command::ToggleHistory,
        Command::ToggleMinimap,
        Command::CommandPalette,
    ];

    /// The label in menus and the palette.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Command::New => "New scenario...",
            Command::Open => "Open...",
            Command::Save => "Save",
            Command::SaveAs => "Save as...",
            Command::Quit => "Quit",
            Command::Undo => "Undo",
            Command::Redo => "Redo",
            Command::Copy => "Copy",
            Command::Cut => "Cut",
            Command::Paste => "Paste",
            Command::DeleteSelection => "Clear selection",
            Command::RotateSelection => "Rotate selection",
            Command::FlipSelectionX => "Flip selection left-right",
            Command::FlipSelectionY => "Flip selection top-bottom",
            Command::ReplaceAll => "Replace terrain...",
            Command::Resize => "Resize board...",
            Command::ToolBrush => "Brush",
            Command::ToolRectangle => "Rectangle",
            Command::ToolLine => "Line",
            Command::ToolFill => "Fill",
            Command::ToolEraser => "Eraser",
            Command::ToolSelect => "Select",
            Command::ToolStamp => "Stamp tile",
            Command::BrushSize1 => "Brush size 1",
            Command::BrushSize3 => "Brush size 3",
            Command::BrushSize5 => "Brush size 5",
            Command::RotateStamp => "Turn stamp",
            Command::SymmetryOff => "Symmetry off",
            Command::SymmetryLeftRight => "Mirror left-right",
            Command::SymmetryTopBottom => "Mirror top-bottom",
            Command::SymmetryBoth => "Mirror both ways",
            Command::SymmetryRotate180 => "Rotate 180",
            Command::SymmetryRotate90 => "Rotate 90",
            Command::ZoomFit => "Zoom to fit",
            Command::ZoomIn => "Zoom in",
            Command::ZoomOut => "Zoom out",
            Command::ToggleGrid => "Grid and coordinates",
            Command::ToggleRaceOverlay => "Who reaches first",
            Command::ToggleInspector => "Inspector",
            Command::ToggleSettings => "Scenario settings",
            Command::ToggleDiagnostics => "Diagnostics",
            Command::ToggleStatistics => "Statistics",
            Command::ToggleHistory => "History",
            Command::ToggleMinimap => "Minimap",
            Command::CommandPalette => "Command palette...",
            Command::Playtest => "Playtest",
            Command::Export => "Export for print...",
        }
    }

    /// The keyboard shortcuts, the first shown in menus.
    #[must_use]
    pub fn shortcuts(self) -> Vec<KeyboardShortcut> {
        match self {
            Command::New => vec![cmd(Key::N)],
            Command::Open => vec![cmd(Key::O)],
            Command::Save => vec![cmd(Key::S)],
            Command::SaveAs => vec![cmd_shift(Key::S)],
            Command::Quit => vec![cmd(Key::Q)],
            Command::Undo => vec![cmd(Key::Z)],
            Command::Redo => vec![cmd_shift(Key::Z), cmd(Key::Y)],
            Command::Copy => vec![cmd(Key::C)],
            Command::Cut => vec![cmd(Key::X)],
            Command::Paste => vec![cmd(Key::V)],
            Command::DeleteSelection => vec![key(Key::Delete)],
            Command::RotateSelection => vec![key(Key::R)],
            Command::FlipSelectionX => vec![key(Key::H)],
            Command::FlipSelectionY => vec![key(Key::V)],
            Command::ReplaceAll => vec![cmd(Key::H)],
            Command::Resize => vec![cmd(Key::R)],
            Command::ToolBrush => vec![key(Key::B)],
            Command::ToolRectangle => vec![key(Key::U)],
            Command::ToolLine => vec![key(Key::L)],
            Command::ToolFill => vec![key(Key::G)],
            Command::ToolEraser => vec![key(Key::E)],
            Command::ToolSelect => vec![key(Key::S)],
            Command::ToolStamp => vec![key(Key::T)],
            Command::BrushSize1 => vec![key(Key::Num1)],
            Command::BrushSize3 => vec![key(Key::Num3)],
            Command::BrushSize5 => vec![key(Key::Num5)],
            Command::RotateStamp => vec![key(Key::Period)],
            Command::SymmetryOff => vec![alt(Key::Num0)],
            Command::SymmetryLeftRight => vec![alt(Key::Num1)],
            Command::SymmetryTopBottom => vec![alt(Key::Num2)],
            Command::SymmetryBoth => vec![alt(Key::Num3)],
            Command::SymmetryRotate180 => vec![alt(Key::Num4)],
            Command::SymmetryRotate90 => vec![alt(Key::Num5)],
            Command::ZoomFit => vec![key(Key::F)],
            Command::ZoomIn => vec![key(Key::Plus), key(Key::Equals)],
            Command::ZoomOut => vec![key(Key::Minus)],
            Command::ToggleGrid => vec![cmd(Key::G)],
            Command::ToggleRaceOverlay => vec![cmd(Key::J)],
            Command::ToggleInspector => vec![cmd(Key::Num1)],
            Command::ToggleSettings => vec![cmd(Key::Num2)],
            Command::ToggleDiagnostics => vec![cmd(Key::Num3)],
            Command::ToggleStatistics => vec![cmd(Key::Num4)],
            Command::ToggleHistory => vec![cmd(Key::Num5)],
            Command::ToggleMinimap => vec![cmd(Key::Num6)],
            Command::CommandPalette => vec![cmd(Key::P), key(Key::F1)],
            Command::Playtest => vec![key(Key::F5)],
            Command::Export => vec![cmd(Key::E)],
        }
    }

    /// Which menu it belongs to.
    #[must_use]
    pub fn menu(self) -> Menu {
        use Command as C;
        match self {
            C::New | C::Open | C::Save | C::SaveAs | C::Quit | C::Playtest | C::Export => Menu::File,
            C::Undo
            | C::Redo
            | C::Copy
            | C::Cut
            | C::Paste
            | C::DeleteSelection
            | C::RotateSelection
            | C::FlipSelectionX
            | C::FlipSelectionY
            | C::ReplaceAll
            | C::Resize => Menu::Edit,
            C::ToolBrush
            | C::ToolRectangle
            | C::ToolLine
            | C::ToolFill
            | C::ToolEraser
            | C::ToolSelect
            | C::ToolStamp
            | C::BrushSize1
            | C::BrushSize3
            | C::BrushSize5
            | C::RotateStamp
            | C::SymmetryOff
            | C::SymmetryLeftRight
            | C::SymmetryTopBottom
            | C::SymmetryBoth
            | C::SymmetryRotate180
            | C::SymmetryRotate90 => Menu::Tools,
            _ => Menu::View,
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
            || matches!(self, Command::Playtest | Command::Quit | Command::Save | Command::SaveAs)
    }

    /// The first shortcut as text (`Ctrl+Z`).
    #[must_use]
    pub fn shortcut_text(self, ctx: &egui::Context) -> String {
        self.shortcuts().first().map(|s| ctx.format_shortcut(s)).unwrap_or_default()
    }
}

/// Commands in the order their shortcuts must be tested: those with more modifiers first, so
/// Ctrl+Shift+Z is not taken for Ctrl+Z.
#[must_use]
pub fn shortcut_order() -> Vec<(Command, KeyboardShortcut)> {
    let mut all: Vec<(Command, KeyboardShortcut)> =
        Command::ALL.iter().flat_map(|&c| c.shortcuts().into_iter().map(move |s| (c, s))).collect();
    let weight = |s: &KeyboardShortcut| {
        u8::from(s.modifiers.shift) + u8::from(s.modifiers.alt) + u8::from(s.modifiers.command || s.modifiers.ctrl)
    };
    all.sort_by_key(|(_, s)| std::cmp::Reverse(weight(s)));
    all
}
