//! Skirmish Wars's own commands in the window: each with its label, menu and shortcut in one
//! table, whether one is in force, and what each does (the shell's editing commands and the
//! playtest included).

use super::{BRUSH_SIZES, SwatDesk, SwatDialog, Tool, play};
use crate::board::selection::GridEditing;
use crate::board::{SquareMap, TerrainId};
use crate::systems::swat::editing::Paint;
use crate::ui::commands::{CommandTable, DIGITS, Menu, UiCommand, ViewToggle, cmd, key};
use crate::ui::desk::{ALL_EDIT_COMMANDS, DeskCommands, DeskContext, OwnCommands};
use crate::ui::shell::Modal;
use egui::Key;
use std::sync::LazyLock;

/// The commands only Skirmish Wars maps have, by the id their [`GameCommand`] carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum SwatCommand {
    /// Make a tool the active one.
    Tool(Tool),
    /// Set the brush size.
    Brush(u16),
    /// Turn the stamp a quarter.
    TurnStamp,
    /// Rotate the selection a quarter.
    Rotate,
    /// Flip the selection left-right.
    FlipX,
    /// Flip the selection top-bottom.
    FlipY,
    /// The replace-terrain dialog.
    ReplaceAll,
    /// The resize dialog.
    Resize,
}

/// Skirmish Wars' commands as the shell lists them, in menu order.
static COMMANDS: LazyLock<CommandTable<SwatCommand>> = LazyLock::new(|| {
    let tools = Tool::ALL.map(|tool| {
        let shortcut = match tool {
            Tool::Brush => Key::B,
            Tool::Rectangle => Key::U,
            Tool::Line => Key::L,
            Tool::Fill => Key::G,
            Tool::Eraser => Key::E,
            Tool::Select => Key::S,
            Tool::Stamp => Key::T,
        };
        (SwatCommand::Tool(tool), tool.label(), Menu::Tools, key(shortcut))
    });
    let brushes = BRUSH_SIZES.map(|size| {
        let label = match size {
            1 => "Brush size 1",
            3 => "Brush size 3",
            _ => "Brush size 5",
        };
        (SwatCommand::Brush(size), label, Menu::Tools, key(DIGITS[usize::from(size) % 10]))
    });
    CommandTable::new(tools.into_iter().chain(brushes).chain([
        (SwatCommand::TurnStamp, "Turn stamp", Menu::Tools, key(Key::Period)),
        (SwatCommand::Rotate, "Rotate selection", Menu::Edit, key(Key::R)),
        (SwatCommand::FlipX, "Flip selection left-right", Menu::Edit, key(Key::H)),
        (SwatCommand::FlipY, "Flip selection top-bottom", Menu::Edit, key(Key::V)),
        (SwatCommand::ReplaceAll, "Replace terrain...", Menu::Edit, cmd(Key::H)),
        (SwatCommand::Resize, "Resize board...", Menu::Edit, cmd(Key::R)),
    ]))
});

/// The command that makes `tool` the active one.
#[must_use]
pub fn tool_command(tool: Tool) -> UiCommand {
    COMMANDS.command(SwatCommand::Tool(tool))
}

/// The command that sets the brush size.
#[must_use]
pub fn brush_command(size: u16) -> UiCommand {
    COMMANDS.command(SwatCommand::Brush(size))
}

impl OwnCommands for SwatDesk {
    fn commands(&self) -> DeskCommands {
        DeskCommands { game: COMMANDS.declared(), edit: &ALL_EDIT_COMMANDS, toggles: &ViewToggle::ALL }
    }

    fn is_on(&self, command: UiCommand) -> bool {
        match COMMANDS.of(command) {
            Some(SwatCommand::Tool(tool)) => self.editor.tool == tool,
            Some(SwatCommand::Brush(size)) => self.editor.brush_size == size,
            _ => false,
        }
    }

    fn selection_text(&self) -> Option<String> {
        let clip = self.editor.clipboard.as_ref()?;
        crate::editing::selection_text(crate::systems::swat::scenario::SYSTEM_ID, clip).ok()
    }

    fn paste_selection_text(&mut self, text: &str) -> Result<bool, String> {
        let read =
            crate::editing::read_selection(text, crate::systems::swat::scenario::SYSTEM_ID, &crate::systems::name_of)?;
        let Some(clip) = read else { return Ok(false) };
        self.editor.clipboard = Some(clip);
        self.editor.paste(self.hover);
        Ok(true)
    }

    fn run_command(&mut self, cx: &mut DeskContext<'_>, command: UiCommand) {
        let editor = &mut self.editor;
        match command {
            UiCommand::Playtest => {
                if self.play.is_some() {
                    play::leave(self, cx);
                } else {
                    play::start(self, cx);
                }
            }
            UiCommand::Copy => editor.copy_selection(false),
            UiCommand::Cut => editor.copy_selection(true),
            UiCommand::Paste => editor.paste(self.hover),
            UiCommand::DeleteSelection => editor.clear_selection(),
            other => match COMMANDS.of(other) {
                Some(SwatCommand::Rotate) => editor.transform_selection("Rotate selection", SquareMap::Turn90),
                Some(SwatCommand::FlipX) => editor.transform_selection("Flip selection", SquareMap::FlipX),
                Some(SwatCommand::FlipY) => editor.transform_selection("Flip selection", SquareMap::FlipY),
                Some(SwatCommand::ReplaceAll) => {
                    let from = editor
                        .selected
                        .filter(|p| editor.doc.scenario.contains(*p))
                        .map_or(TerrainId(0), |p| editor.doc.scenario.terrain_at(p));
                    let to = match editor.paint {
                        Paint::Terrain(t) => t,
                        _ => TerrainId(0),
                    };
                    self.dialog = Some(SwatDialog::ReplaceAll(from, to));
                    *cx.modal = Some(Modal::Desk);
                }
                Some(SwatCommand::Resize) => {
                    self.dialog = Some(SwatDialog::Resize([0; 4]));
                    *cx.modal = Some(Modal::Desk);
                }
                Some(SwatCommand::Tool(tool)) => editor.tool = tool,
                Some(SwatCommand::Brush(size)) => editor.brush_size = size,
                Some(SwatCommand::TurnStamp) => editor.stamp_rotation = (editor.stamp_rotation + 1) % 4,
                None => cx.say(format!("{} is not something a Skirmish Wars map has.", other.label())),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::commands::GameCommand;

    #[test]
    fn every_skirmish_wars_command_reads_back_from_its_id_and_no_other_does() {
        for (index, declared) in COMMANDS.declared().iter().enumerate() {
            let value = COMMANDS.of(UiCommand::Game(*declared));
            assert!(value.is_some(), "command {index} ({}) reads back", declared.label);
            assert_eq!(value.map(|v| COMMANDS.command(v)), Some(UiCommand::Game(*declared)));
        }
        let stranger = GameCommand { id: 0, label: "Another game's tool", menu: Menu::Tools, shortcut: None };
        assert_eq!(COMMANDS.of(UiCommand::Game(stranger)), None);
        assert_eq!(COMMANDS.of(UiCommand::Undo), None);
    }
}
