//! The system clipboard in the window: Ctrl+C, Ctrl+X and Ctrl+V reach the window as copy, cut
//! and paste events (with the pasted text), not as keys, so the shell turns them into its
//! commands; a copied selection goes to the system clipboard as text in the game's scenario
//! format, and a pasted one is handed to the open game, which refuses another game's.

use super::app::StudioApp;
use super::commands::UiCommand;
use egui::Context;

impl StudioApp {
    /// Queues Copy, Cut and Paste for the platform's clipboard events of this frame, keeping
    /// the pasted text for the Paste (a text field being typed in takes them itself).
    pub(super) fn take_clipboard_events(&mut self, ctx: &Context) {
        // Only the clipboard's events are taken out of the frame's input (most frames have none).
        let events: Vec<egui::Event> = ctx.input(|input| {
            input
                .events
                .iter()
                .filter(|e| matches!(e, egui::Event::Copy | egui::Event::Cut | egui::Event::Paste(_)))
                .cloned()
                .collect()
        });
        for event in events {
            let (command, pasted) = match event {
                egui::Event::Copy => (UiCommand::Copy, None),
                egui::Event::Cut => (UiCommand::Cut, None),
                egui::Event::Paste(text) => (UiCommand::Paste, Some(text)),
                _ => continue,
            };
            // A game without selections leaves the platform's clipboard alone, saying only why
            // another game's selection is not taken; the text is kept only for a Paste queued.
            if !super::desk::offers(self.desk.as_ref(), command) {
                if let Some(text) = pasted {
                    self.refuse_other_games_selection(&text);
                }
                continue;
            }
            if pasted.is_some() {
                self.pasted = pasted;
            }
            if !self.queued.contains(&command) {
                self.queued.push(command);
            }
        }
    }

    /// Says why pasted text that is another game's selection is not pasted, in a game with
    /// no selections of its own (a game with them refuses it as it pastes).
    fn refuse_other_games_selection(&mut self, text: &str) {
        let Some(game) = super::DESKS.iter().find(|g| g.title() == self.desk.game()) else { return };
        let read =
            crate::editing::read_selection::<serde::de::IgnoredAny>(text, game.system_id(), &crate::systems::name_of);
        if let Err(refusal) = read {
            self.status = refusal;
        }
    }

    /// Copy and Cut by the open game, its selection then put on the system clipboard; Paste
    /// of pasted text by the game when the text is a studio selection, else from the game's
    /// own clipboard.
    pub(super) fn run_clipboard(&mut self, command: UiCommand, ctx: &Context) {
        if command == UiCommand::Paste
            && let Some(text) = self.pasted.take()
        {
            match self.desk.paste_selection_text(&text) {
                Ok(true) => return,
                Ok(false) => {}
                Err(refusal) => {
                    self.status = refusal;
                    return;
                }
            }
        }
        let (desk, mut cx) = self.desk_and_context();
        desk.run_command(&mut cx, command);
        if matches!(command, UiCommand::Copy | UiCommand::Cut)
            && let Some(text) = self.desk.selection_text()
        {
            ctx.copy_text(text);
        }
    }
}
