//! Modern Skirmish's own commands in the window: each with its label, menu and shortcut in one
//! table, whether one is in force, and what each does (the shell's editing commands and the
//! playtest included).

use super::{ModernDesk, play};
use crate::systems::modern::editing::Tool;
use crate::ui::commands::{CommandTable, Menu, UiCommand, key};
use crate::ui::desk::{DeskCommands, DeskContext, OwnCommands};
use egui::Key;
use std::sync::LazyLock;

/// The desk's own commands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Action {
    Select,
    Measure,
    TurnRight,
    TurnLeft,
}

/// The desk's commands as the shell lists them, in menu order.
static COMMANDS: LazyLock<CommandTable<Action>> = LazyLock::new(|| {
    CommandTable::new([
        (Action::Select, "Select and move", Menu::Tools, key(Key::S)),
        (Action::Measure, "Measure", Menu::Tools, key(Key::M)),
        (Action::TurnRight, "Turn 15 degrees clockwise", Menu::Edit, key(Key::R)),
        (Action::TurnLeft, "Turn 15 degrees anticlockwise", Menu::Edit, key(Key::Q)),
    ])
});

impl OwnCommands for ModernDesk {
    fn commands(&self) -> DeskCommands {
        DeskCommands { game: COMMANDS.declared(), edit: &[UiCommand::DeleteSelection], toggles: &[] }
    }

    fn is_on(&self, command: UiCommand) -> bool {
        match COMMANDS.of(command) {
            Some(Action::Select) => self.editor.tool == Tool::Select,
            Some(Action::Measure) => self.editor.tool == Tool::Measure,
            _ => false,
        }
    }

    fn run_command(&mut self, cx: &mut DeskContext<'_>, command: UiCommand) {
        match command {
            UiCommand::Playtest => play::toggle(self, cx),
            UiCommand::DeleteSelection => {
                if !self.editor.delete_selected() {
                    cx.say("Select a piece or a unit to delete.");
                }
            }
            other => match COMMANDS.of(other) {
                Some(Action::Select) => self.editor.tool = Tool::Select,
                Some(Action::Measure) => self.editor.tool = Tool::Measure,
                Some(Action::TurnRight) => {
                    if !self.editor.turn_selected(1_500) {
                        cx.say("Select a piece to turn.");
                    }
                }
                Some(Action::TurnLeft) => {
                    if !self.editor.turn_selected(-1_500) {
                        cx.say("Select a piece to turn.");
                    }
                }
                None => cx.say(format!("{} is not something an open table has.", other.label())),
            },
        }
    }
}
