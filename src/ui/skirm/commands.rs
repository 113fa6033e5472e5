//! Skirm's own commands in the window: each with its label, menu and shortcut in one
//! table, whether one is in force, and what each does (the shell's editing commands and the
//! playtest included).

use super::SYSTEM_ID;
use super::{SkirmDesk, SkirmTool, play};
use crate::board::SquareMap;
use crate::board::selection::GridEditing;
use crate::systems::skirm::editing::SkirmClip;
use crate::ui::commands::{CommandTable, Menu, UiCommand, ViewToggle, key};
use crate::ui::desk::{ALL_EDIT_COMMANDS, DeskCommands, DeskContext, OwnCommands};
use egui::Key;
use std::sync::LazyLock;

/// Skirm's own commands: its tools, and its two overlays.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum SkirmCommand {
    /// Make a tool the active one.
    Tool(SkirmTool),
    /// Show or hide the line-of-sight overlay.
    SightOverlay,
    /// Show or hide the objective race overlay.
    RaceOverlay,
    /// Turn the selection a quarter (or, with the Stamp tool, the stamp).
    Turn,
    /// Mirror the selection left to right.
    MirrorX,
    /// Mirror the selection top to bottom.
    MirrorY,
}

/// Skirm's commands as the shell lists them: one per tool, and its two overlays in the View
/// menu (with shortcuts, so the palette and keyboard reach them too).
static COMMANDS: LazyLock<CommandTable<SkirmCommand>> = LazyLock::new(|| {
    let tools = SkirmTool::ALL.map(|tool| {
        let shortcut = match tool {
            SkirmTool::Terrain => Key::T,
            SkirmTool::Height => Key::H,
            SkirmTool::Wall => Key::W,
            SkirmTool::Door => Key::D,
            SkirmTool::Objective => Key::O,
            SkirmTool::Marker => Key::M,
            SkirmTool::Item => Key::I,
            SkirmTool::Zone => Key::Z,
            SkirmTool::Unit => Key::U,
            SkirmTool::Eraser => Key::E,
            SkirmTool::Select => Key::S,
            SkirmTool::Stamp => Key::K,
        };
        (SkirmCommand::Tool(tool), tool_label(tool), Menu::Tools, key(shortcut))
    });
    CommandTable::new(tools.into_iter().chain([
        (SkirmCommand::SightOverlay, "Line of sight overlay", Menu::View, key(Key::L)),
        (SkirmCommand::RaceOverlay, "Objective race overlay", Menu::View, key(Key::R)),
        (SkirmCommand::Turn, "Turn selection or stamp", Menu::Edit, key(Key::Period)),
        (SkirmCommand::MirrorX, "Mirror selection left-right", Menu::Edit, key(Key::X)),
        (SkirmCommand::MirrorY, "Mirror selection top-bottom", Menu::Edit, key(Key::Y)),
    ]))
});

/// A tool's name in menus and the palette.
fn tool_label(tool: SkirmTool) -> &'static str {
    match tool {
        SkirmTool::Terrain => "Terrain tool",
        SkirmTool::Height => "Height tool",
        SkirmTool::Wall => "Wall tool",
        SkirmTool::Door => "Door tool",
        SkirmTool::Objective => "Objective tool",
        SkirmTool::Marker => "Marker tool",
        SkirmTool::Item => "Item tool",
        SkirmTool::Zone => "Zone tool",
        SkirmTool::Unit => "Unit tool",
        SkirmTool::Eraser => "Eraser tool",
        SkirmTool::Select => "Select tool",
        SkirmTool::Stamp => "Stamp tool",
    }
}

/// The command that makes `tool` the active one.
#[must_use]
pub fn tool_command(tool: SkirmTool) -> UiCommand {
    COMMANDS.command(SkirmCommand::Tool(tool))
}

impl OwnCommands for SkirmDesk {
    fn commands(&self) -> DeskCommands {
        DeskCommands { game: COMMANDS.declared(), edit: &ALL_EDIT_COMMANDS, toggles: &[ViewToggle::Grid] }
    }

    fn is_on(&self, command: UiCommand) -> bool {
        match COMMANDS.of(command) {
            Some(SkirmCommand::SightOverlay) => self.show_sight,
            Some(SkirmCommand::RaceOverlay) => self.show_race,
            Some(SkirmCommand::Tool(tool)) => self.editor.tool == tool,
            _ => false,
        }
    }

    fn selection_text(&self) -> Option<String> {
        self.editor.clipboard.as_ref()?.text().ok()
    }

    fn paste_selection_text(&mut self, text: &str) -> Result<bool, String> {
        let read: Option<SkirmClip> = crate::editing::read_selection(text, SYSTEM_ID, &crate::systems::name_of)?;
        let Some(clip) = read else { return Ok(false) };
        clip.check(&self.editor.rules)?;
        self.editor.set_clipboard(clip);
        self.editor.paste(self.hover.map(|h| h.square));
        Ok(true)
    }

    fn run_command(&mut self, cx: &mut DeskContext<'_>, command: UiCommand) {
        match command {
            UiCommand::Playtest => play::toggle(self, cx),
            UiCommand::Copy => self.editor.copy_selection(false),
            UiCommand::Cut => self.editor.copy_selection(true),
            UiCommand::Paste => self.editor.paste(self.hover.map(|h| h.square)),
            UiCommand::DeleteSelection => self.editor.clear_selection(),
            other => match COMMANDS.of(other) {
                Some(SkirmCommand::Turn) if self.editor.tool == SkirmTool::Stamp => {
                    self.editor.stamp_turns = (self.editor.stamp_turns + 1) % 4;
                }
                Some(SkirmCommand::Turn) => self.editor.transform_selection("Turn selection", SquareMap::Turn90),
                Some(SkirmCommand::MirrorX) => self.editor.transform_selection("Mirror selection", SquareMap::FlipX),
                Some(SkirmCommand::MirrorY) => self.editor.transform_selection("Mirror selection", SquareMap::FlipY),
                Some(SkirmCommand::SightOverlay) => self.show_sight ^= true,
                Some(SkirmCommand::RaceOverlay) => self.show_race ^= true,
                Some(SkirmCommand::Tool(tool)) => self.editor.tool = tool,
                None => cx.say(format!("{} is not something a Skirm map has.", other.label())),
            },
        }
    }
}
